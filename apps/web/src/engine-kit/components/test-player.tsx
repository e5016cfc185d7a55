import '../test-taking.css';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { HttpStatus } from '@ensaya/core/api/http';
import { PlainButton } from '../../components/plain-controls.tsx';
import { isApiRequestError, showApiError } from '../../lib/api-client.ts';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query.ts';
import { showErrorDialog } from '../../lib/app-bridge.ts';
import { beginAttempt } from '../api/begin-attempt.ts';
import {
  attemptQueryKey,
  type LoadedAttempt,
  type LoadedAttemptState,
} from '../api/get-attempt.ts';
import { resultQueryKey } from '../api/get-result.ts';
import { submitAttempt } from '../api/submit-attempt.ts';
import { useAttemptAnnotations } from '../hooks/use-attempt-annotations.ts';
import { useAttemptAnswers } from '../hooks/use-attempt-answers.ts';
import { useLeaveGuard } from '../hooks/use-leave-guard.ts';
import { useLeaveOnPagehide } from '../hooks/use-leave-on-pagehide.ts';
import { answerOf, isAnswered } from '../lib/answers.ts';
import { highlightsOf, strikesOf } from '../lib/annotations.ts';
import { resultPath } from '../lib/attempt-routes.ts';
import { readControl, updateControl } from '../lib/control-context.ts';
import { clockOffsetMs } from '../lib/countdown.ts';
import { readPosition, writePosition } from '../lib/resume-position.ts';
import { isChoiceArrow, shortcutOf } from '../lib/shortcuts.ts';
import { markTestOver } from '../lib/test-flags.ts';
import { READING_NAMESPACE } from '../../components/reading-settings/reading-i18n.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { loadReportProblemDialog, ReportProblem } from './report-problem.tsx';
import { Countdown } from './countdown.tsx';
import { EnginePageHeader } from './engine-page-header.tsx';
import { QuestionView } from './question-view.tsx';
import { SaveIndicator } from './save-indicator.tsx';
import {
  forgetPendingSubmit,
  hasPendingSubmit,
  keepPendingSubmit,
  useOnline,
} from '../lib/offline-submit.ts';
import { StatusTable } from './status-table.tsx';

const MemoCountdown = memo(Countdown);
const loadPaletteSheet = () => import('./palette-sheet.tsx');
const PaletteSheet = lazy(loadPaletteSheet);

// The dialogs use Ant Design, which the test page's first screen does not: each is a chunk of its
// own, with Ant Design's scope, loaded when it first opens or, earlier, once the student starts
// working (`preloadDialogs`), so it opens at once and is kept for a reload offline
// (lib/offline.ts).
const loadFinishDialog = () => import('./finish-dialog.tsx');
const FinishDialog = lazy(async () => ({ default: (await loadFinishDialog()).FinishDialog }));
const InstructionsModal = lazy(async () => ({
  default: (await import('./instructions-modal.tsx')).InstructionsModal,
}));

/** Loads the dialogs a student may open while answering; failures wait for the dialog's own try. */
function preloadDialogs() {
  void loadFinishDialog().catch(() => undefined);
  if (window.matchMedia(NARROW_SCREEN).matches) void loadPaletteSheet().catch(() => undefined);
  void loadReportProblemDialog().catch(() => undefined);
}

/** How long after the page shows the dialogs load on their own if the student has not touched it. */
const DIALOGS_IDLE_PRELOAD_MS = 10_000;

// The reading controls load when the student opens them.
const ReadingSettingsControls = lazy(async () => ({
  default: (await import('../../components/reading-settings/reading-settings-controls.tsx'))
    .ReadingSettingsControls,
}));
const MemoPageHeader = memo(EnginePageHeader);

/**
 * The information message that stays until the test is sent (spec 001, section 2): one quiet line
 * under the title, so the question comes first.
 */
const TestNotice = memo(function TestNotice() {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <p className="test-page__notice" role="note">
      <svg
        className="test-page__notice-icon"
        viewBox="0 0 16 16"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="8" cy="8" r="8" fill="currentColor" />
        <path d="M8 7v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        <circle cx="8" cy="4.25" r="1.15" fill="#fff" />
      </svg>
      {t('player.notice')}
    </p>
  );
});

const FinishButton = memo(function FinishButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <PlainButton variant="primary" block onClick={onClick}>
      {t('player.finish')}
    </PlainButton>
  );
});

type OpenDialog = 'finish' | 'leave' | null;

/** Why the page sends the attempt, and how the server is told (core `AttemptEndReason`). */
const END_REASON = { finish: 'student', deadline: 'time', leave: 'leave' } as const;

/** Focuses the choice `step` places from `radio` in its question (wrapping), without checking it. */
function moveChoiceFocus(radio: HTMLInputElement, step: number) {
  const choices = Array.from(
    radio.closest('fieldset')?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [],
  );
  const at = choices.indexOf(radio);
  if (at < 0 || choices.length === 0) return;
  choices[(at + step + choices.length) % choices.length]!.focus();
}

/** Keys inside a dialog (the instructions, the send confirmation, a message) are the dialog's. */
function isInDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"]') !== null;
}

/**
 * Taking an attempt (spec 001, sections 2 and 4): instructions first (the clock starts when the
 * student continues: the server's begin), then one question at a time with the paginator and the
 * question palette, answers saved as they are given, keyboard shortcuts, the countdown to the
 * server's deadline with its warnings, and sending: by the finish button (confirmed), at the
 * deadline, or by leaving (the page's or the browser's back button, confirmed; closing the page).
 * A reload resumes on the question the student was on.
 */
export function TestPlayer({
  attempt,
  title,
  isDebug,
  isContentLoading = false,
}: {
  attempt: LoadedAttempt;
  title: string;
  isDebug: boolean;
  /** The questions' texts are on their way (a timed attempt's, fetched from its begin). */
  isContentLoading?: boolean;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const questions = attempt.questions;
  const total = questions.length;
  const [control] = useState(readControl);
  const [index, setIndex] = useState(() => readPosition(attempt.id, total));
  const [isContextVisible, setIsContextVisible] = useState(true);
  const [hasStarted, setHasStarted] = useState(attempt.begun_at !== null);
  const [isBeginning, setIsBeginning] = useState(false);
  const [clock, setClock] = useState({
    deadlineAt: attempt.deadline_at,
    offsetMs: attempt.clockOffsetMs,
  });
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [isSending, setIsSending] = useState(false);
  const [isReadingOpen, setIsReadingOpen] = useState(false);
  /** Phones: the question palette opens as a sheet from the bottom. */
  const isNarrow = useMediaQuery(NARROW_SCREEN);
  const [isPaletteOpen, setIsPaletteOpen] = useState(false);
  // The palette's sheet (Ant Design's drawer) loads when first opened, then stays for its motion.
  const [hasOpenedPalette, setHasOpenedPalette] = useState(false);
  /** Said by screen readers (a polite live region): "Question 3 marked for review". */
  const [announcement, setAnnouncement] = useState('');
  /** Set when the palette or the pager moves: the new question's heading then takes the focus. */
  const focusHeadingRef = useRef(false);
  /** Sent, being sent, or left: no more saving, leaving or sending. */
  const isOverRef = useRef(false);
  const isClosedRef = useRef(false);

  useEffect(() => writePosition(attempt.id, index), [attempt.id, index]);

  // The dialogs' chunks: on the student's first touch or key once the test has started, or after a
  // while of reading; not while the page draws its first screen.
  useEffect(() => {
    if (!hasStarted) return undefined;
    const events = ['pointerdown', 'keydown'] as const;
    const timer = setTimeout(preload, DIALOGS_IDLE_PRELOAD_MS);
    function preload() {
      clearTimeout(timer);
      for (const type of events) window.removeEventListener(type, preload);
      preloadDialogs();
    }
    for (const type of events) window.addEventListener(type, preload, { once: true });
    return () => {
      clearTimeout(timer);
      for (const type of events) window.removeEventListener(type, preload);
    };
  }, [hasStarted]);

  const goToResult = useCallback(
    (result?: AttemptResult) => {
      isOverRef.current = true;
      forgetPendingSubmit(attempt.id);
      if (result) queryClient.setQueryData(resultQueryKey(attempt.id), result);
      else queryClient.removeQueries({ queryKey: resultQueryKey(attempt.id) });
      queryClient.removeQueries({ queryKey: attemptQueryKey(attempt.id), exact: true });
      // The subject now has one more test: its history and statistics open from the header.
      const current = readControl();
      if (current?.subjectId === attempt.subject_id) {
        updateControl({ testCount: current.testCount + 1 });
      }
      markTestOver();
      void navigate(resultPath(attempt.id), { replace: true });
    },
    [attempt.id, attempt.subject_id, navigate, queryClient],
  );

  const onClosed = useCallback(() => {
    // Sent elsewhere, or past the deadline (the server sent it with what was saved).
    isClosedRef.current = true;
    goToResult();
  }, [goToResult]);

  const { answers, solutions, saveStatus, choose, reveal, toggleMark, flush, unsent, close } =
    useAttemptAnswers(attempt, { onClosed });

  useLeaveOnPagehide(attempt.id, !isSending, unsent);

  const {
    annotations,
    onToggleStrike,
    onToggleHighlight,
    onClearHighlights,
    flush: flushAnnotations,
  } = useAttemptAnnotations(attempt.id);

  /**
   * "Finalizar" pressed without a connection: the answers wait on this device and the test is sent
   * when the connection returns (kept across a reload: `pendingSubmitKey`).
   */
  const [isWaitingToSend, setIsWaitingToSend] = useState(() => hasPendingSubmit(attempt.id));
  const isOnline = useOnline();

  const send = useCallback(
    async (reason: keyof typeof END_REASON) => {
      if (isOverRef.current) return;
      isOverRef.current = true;
      setIsSending(true);
      const [isSaved] = await Promise.all([flush(), flushAnnotations()]);
      if (isClosedRef.current) return;
      // Waiting to send already: a connection back but still too weak to save keeps the wait.
      if (!isSaved && reason === 'finish' && (isWaitingToSend || !navigator.onLine)) {
        isOverRef.current = false;
        setIsSending(false);
        setOpenDialog(null);
        keepPendingSubmit(attempt.id);
        setIsWaitingToSend(true);
        return;
      }
      if (!isSaved && reason !== 'deadline') {
        // Never send while answers are missing on the server: keep going and say so.
        isOverRef.current = false;
        setIsSending(false);
        setOpenDialog(null);
        showErrorDialog(t('errors.title', { ns: 'translation' }), t('finish.unsaved'));
        return;
      }
      try {
        const result = await submitAttempt(attempt.id, END_REASON[reason]);
        forgetPendingSubmit(attempt.id);
        close({ keepPending: false });
        // Acknowledged and being scored (null): the result page reads it when it is ready.
        goToResult(result ?? undefined);
      } catch (error) {
        if (reason === 'finish' && isApiRequestError(error) && error.status === 0) {
          // The connection dropped between the last save and the submit: the same wait.
          isOverRef.current = false;
          setIsSending(false);
          setOpenDialog(null);
          keepPendingSubmit(attempt.id);
          setIsWaitingToSend(true);
          return;
        }
        if (reason === 'deadline') {
          // The server sends it on its own at the deadline; the result page reads it.
          close({ keepPending: true });
          goToResult();
          return;
        }
        isOverRef.current = false;
        setIsSending(false);
        showApiError(error);
      }
    },
    [attempt.id, close, flush, flushAnnotations, goToResult, isWaitingToSend, t],
  );

  const onExpire = useCallback(() => void send('deadline'), [send]);

  // Waiting to send: try when the connection returns, and every few seconds meanwhile (the
  // browser's "online" event is not always fired on a flaky network).
  useEffect(() => {
    if (!isWaitingToSend) return;
    const attemptNow = () => {
      if (navigator.onLine) void send('finish');
    };
    attemptNow();
    window.addEventListener('online', attemptNow);
    const timer = window.setInterval(attemptNow, 5000);
    return () => {
      window.removeEventListener('online', attemptNow);
      window.clearInterval(timer);
    };
  }, [isWaitingToSend, send]);

  const openLeave = useCallback(() => setOpenDialog('leave'), []);
  const isOver = useCallback(() => isOverRef.current, []);
  // The browser's back button asks as the page's own does; leaving any other way sends the test.
  useLeaveGuard({ attemptId: attempt.id, isOver, onBack: openLeave, unsent });

  const begin = useCallback(async () => {
    setIsBeginning(true);
    try {
      const started = await beginAttempt(attempt.id);
      setClock({
        deadlineAt: started.deadline_at,
        offsetMs: clockOffsetMs(started.server_now, Date.now()),
      });
      // A remount (the same attempt opened again in this tab) starts without the instructions.
      // A timed attempt's content is named from now on: the page fetches it (an untimed one
      // keeps the address it was read with, its content already fetched).
      queryClient.setQueryData<LoadedAttemptState>(attemptQueryKey(attempt.id), (current) =>
        current
          ? {
              ...current,
              begun_at: started.begun_at,
              deadline_at: started.deadline_at,
              content_url: current.content_url ?? started.content_url ?? null,
            }
          : current,
      );
      setHasStarted(true);
    } catch (error) {
      if (isApiRequestError(error) && error.status === HttpStatus.conflict) {
        // Sent already, or past the time the instructions may wait: its result.
        onClosed();
        return;
      }
      showApiError(error);
    } finally {
      setIsBeginning(false);
    }
  }, [attempt.id, onClosed, queryClient]);

  const select = useCallback(
    (next: number) => setIndex(Math.max(0, Math.min(total - 1, next))),
    [total],
  );
  const selectAndFocus = useCallback(
    (next: number) => {
      focusHeadingRef.current = true;
      setIsPaletteOpen(false);
      select(next);
    },
    [select],
  );
  const toggleContext = useCallback(() => setIsContextVisible((visible) => !visible), []);
  const openFinish = useCallback(() => setOpenDialog('finish'), []);

  const counts = useMemo(() => {
    let answered = 0;
    let marked = 0;
    for (const question of questions) {
      const answer = answerOf(answers, question.stem_id);
      if (isAnswered(answer)) answered += 1;
      if (answer.isMarked) marked += 1;
    }
    return { answered, marked, unanswered: total - answered };
  }, [answers, questions, total]);

  const question = questions[index]!;

  useEffect(() => {
    if (!focusHeadingRef.current) return;
    focusHeadingRef.current = false;
    document.getElementById(`question-${question.stem_id}-heading`)?.focus();
  }, [question.stem_id]);

  /** Marks or unmarks a question, and says so to screen readers. */
  const markAndAnnounce = useCallback(
    (stemId: number) => {
      const number = questions.findIndex((item) => item.stem_id === stemId) + 1;
      const wasMarked = answerOf(answers, stemId).isMarked;
      toggleMark(stemId);
      setAnnouncement(t(wasMarked ? 'announce.unmarked' : 'announce.marked', { number }));
    },
    [answers, questions, t, toggleMark],
  );

  // Keyboard: left and right move between questions, up and down between choices (never changing
  // the answer), A-I or 1-9 and Space choose, M marks.
  useEffect(() => {
    if (!hasStarted || isContentLoading || openDialog !== null) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isOverRef.current || isInDialog(event.target)) return;
      if (isChoiceArrow(event)) {
        // Up and down move the focus between the choices without choosing (Space chooses).
        event.preventDefault();
        moveChoiceFocus(event.target as HTMLInputElement, event.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      const action = shortcutOf(event);
      if (!action) return;
      if (action.kind === 'previous') select(index - 1);
      else if (action.kind === 'next') select(index + 1);
      else if (action.kind === 'mark') markAndAnnounce(question.stem_id);
      else {
        const choice = question.choices[action.index];
        if (!choice) return;
        const isChosen = answerOf(answers, question.stem_id).choiceIds.includes(choice.id);
        choose(question, choice.id, question.is_multi_choice ? !isChosen : true);
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [
    answers,
    choose,
    hasStarted,
    index,
    isContentLoading,
    markAndAnnounce,
    openDialog,
    question,
    select,
  ]);

  return (
    <div className="test-page">
      <MemoPageHeader title={title} control={control} isTestRunning onBack={openLeave} />
      <TestNotice />

      <div className="test-page__bar">
        {clock.deadlineAt ? (
          <MemoCountdown
            deadlineAt={clock.deadlineAt}
            offsetMs={clock.offsetMs}
            timerSeconds={attempt.seconds}
            onExpire={onExpire}
          />
        ) : (
          <span className="countdown countdown--none">
            {attempt.seconds !== null && !hasStarted ? (
              t('countdown.notStarted')
            ) : (
              <>
                <span className="countdown__none-long">{t('countdown.none')}</span>
                <span className="countdown__none-short" aria-hidden="true">
                  {t('countdown.noneShort')}
                </span>
              </>
            )}
          </span>
        )}
        <span className="test-page__progress">
          <span className="test-page__progress-long">
            {t('player.progress', { answered: counts.answered, total })}
          </span>
          <span className="test-page__progress-short" aria-hidden="true">
            {t('player.progressShort', { answered: counts.answered, total })}
          </span>
        </span>
        <SaveIndicator status={saveStatus} />
        {isNarrow && hasStarted && !isContentLoading && (
          <button
            type="button"
            className="test-page__palette-toggle"
            aria-haspopup="dialog"
            aria-expanded={isPaletteOpen}
            onClick={() => {
              setHasOpenedPalette(true);
              setIsPaletteOpen(true);
            }}
          >
            <span aria-hidden="true" className="test-page__palette-icon">
              ☰
            </span>{' '}
            {t('player.openPalette')}
          </button>
        )}
        <button
          type="button"
          className="test-page__reading-toggle"
          aria-expanded={isReadingOpen}
          aria-controls="test-reading-panel"
          aria-label={isNarrow ? t('title', { ns: READING_NAMESPACE }) : undefined}
          onClick={() => setIsReadingOpen((open) => !open)}
        >
          <span aria-hidden="true">Aa</span>
          {!isNarrow && <> {t('title', { ns: READING_NAMESPACE })}</>}
        </button>
      </div>
      <div id="test-reading-panel" className="test-page__reading" hidden={!isReadingOpen}>
        {isReadingOpen && (
          <Suspense fallback={null}>
            <ReadingSettingsControls />
          </Suspense>
        )}
      </div>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>

      {(isWaitingToSend || !isOnline || saveStatus === 'retrying') && (
        <p className="test-page__offline" role="status">
          <span aria-hidden="true">⚠ </span>
          {isWaitingToSend ? t('offline.waitingToSend') : t('offline.notice')}
        </p>
      )}

      {hasStarted && isContentLoading && (
        <div className="full-page-spinner" role="status" aria-label={t('player.loadingQuestions')}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}

      {hasStarted && !isContentLoading && (
        <div className="player">
          <div className="player__main">
            <QuestionView
              question={question}
              number={index + 1}
              total={total}
              answer={answerOf(answers, question.stem_id)}
              solution={attempt.study_mode ? solutions.get(question.stem_id) : undefined}
              isStudyMode={attempt.study_mode}
              isDebug={isDebug}
              isContextVisible={isContextVisible}
              onToggleContext={toggleContext}
              onChoose={choose}
              onReveal={reveal}
              onToggleMark={markAndAnnounce}
              struck={strikesOf(annotations, question.stem_id)}
              onToggleStrike={onToggleStrike}
              highlights={
                question.context ? highlightsOf(annotations, question.context.id) : undefined
              }
              onToggleHighlight={onToggleHighlight}
              onClearHighlights={onClearHighlights}
            />
            <div className="player__actions">
              <PlainButton onClick={() => select(index - 1)} disabled={index === 0}>
                {t('player.previous')}
              </PlainButton>
              <PlainButton
                variant="primary"
                onClick={() => select(index + 1)}
                disabled={index === total - 1}
              >
                {t('player.next')}
              </PlainButton>
            </div>
            <ReportProblem
              subjectId={attempt.subject_id}
              stemId={question.stem_id}
              attemptId={attempt.id}
            />
            {isNarrow && <FinishButton onClick={openFinish} />}
          </div>
          {isNarrow ? (
            hasOpenedPalette && (
              <Suspense fallback={null}>
                <PaletteSheet
                  open={isPaletteOpen}
                  title={t('status.title')}
                  onClose={() => setIsPaletteOpen(false)}
                  questions={questions}
                  answers={answers}
                  current={index}
                  onSelect={selectAndFocus}
                />
              </Suspense>
            )
          ) : (
            <aside className="player__side" aria-label={t('status.title')}>
              <FinishButton onClick={openFinish} />
              <h2 className="player__side-title">{t('status.title')}</h2>
              <StatusTable
                questions={questions}
                answers={answers}
                current={index}
                onSelect={selectAndFocus}
              />
            </aside>
          )}
        </div>
      )}

      {!hasStarted && (
        <Suspense fallback={null}>
          <InstructionsModal
            open
            attempt={attempt}
            isBeginning={isBeginning}
            onContinue={() => void begin()}
          />
        </Suspense>
      )}

      {openDialog !== null && (
        <Suspense fallback={null}>
          <FinishDialog
            kind={openDialog}
            counts={counts}
            isSending={isSending}
            onSend={() => void send(openDialog === 'leave' ? 'leave' : 'finish')}
            onCancel={() => setOpenDialog(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
