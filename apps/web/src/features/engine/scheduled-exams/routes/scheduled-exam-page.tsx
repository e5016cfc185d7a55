import '../../../../components/plain-controls.css';
import '../scheduled-exams.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpStatus } from '@ensaya/core/api/http';
import type { ScheduledExam, SealedContent } from '@ensaya/core/contracts/scheduled-exam';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { PlainButton } from '../../../../components/plain-controls.tsx';
import { isApiRequestError, showApiError } from '../../../../lib/api-client.ts';
import { enableOfflineSupport } from '../../../../lib/offline.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import { attemptPath } from '../../../../engine-kit/lib/attempt-routes.ts';
import {
  getScheduledExamKey,
  getSealedContent,
  scheduledExamsQueryOptions,
  useJoinScheduledExam,
  useScheduledExam,
} from '../api/scheduled-exams.ts';
import { ScheduledExamResultsView } from '../components/scheduled-exam-results.tsx';
import { clockTime, countdownFace, startJitterMs } from '../lib/countdown.ts';
import { SCHEDULED_EXAMS_NAMESPACE } from '../lib/scheduled-exams-i18n.ts';
import { keepKey, keepSealed, readSealed, unseal } from '../../../../lib/sealed-content.ts';
import { useServerClock } from '../lib/use-server-clock.ts';

type SealedState = 'loading' | 'ready' | 'failed';
const RETRY_MS = [1000, 2000, 4000, 8000, 15_000] as const;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * Keeps the form on this device while the student waits: read from the device when a copy of the
 * current version is there, otherwise downloaded (sealed) and kept; retried on failure.
 */
function useSealedCopy(exam: ScheduledExam | undefined) {
  const [state, setState] = useState<SealedState>('loading');
  const sealed = useRef<SealedContent | null>(null);
  const isWanted = exam !== undefined && exam.joined && !exam.submitted;
  const examId = exam?.id;
  // A copy kept by an earlier visit: nothing to download.
  const kept = useMemo(() => (examId === undefined ? null : readSealed(examId)), [examId]);
  useEffect(() => {
    if (!isWanted || examId === undefined) return;
    if (kept) {
      sealed.current = kept;
      return;
    }
    let isCancelled = false;
    void (async () => {
      for (let attempt = 0; !isCancelled; attempt += 1) {
        try {
          const fresh = await getSealedContent(examId);
          if (isCancelled) return;
          sealed.current = fresh;
          keepSealed(examId, fresh);
          setState('ready');
          return;
        } catch {
          if (isCancelled) return;
          setState('failed');
          await sleep(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
        }
      }
    })();
    return () => {
      isCancelled = true;
    };
  }, [examId, isWanted, kept]);
  return { state: kept ? ('ready' as const) : state, sealed };
}

function Countdown({ label, target, now }: { label: string; target: string; now: number }) {
  const { t } = useTranslation(SCHEDULED_EXAMS_NAMESPACE);
  return (
    <div className="scheduled-exam__countdown">
      <span className="scheduled-exam__countdown-label">{label}</span>
      {/* Read out once, not every second: the label says what it counts to. */}
      <span className="scheduled-exam__countdown-time" role="timer" aria-live="off">
        {countdownFace(new Date(target).getTime() - now, t('day'))}
      </span>
    </div>
  );
}

/**
 * `/ensayo-nacional/:id`: a scheduled ensayo's waiting room, then its results. The
 * student joins from 15 minutes before the start; the page downloads the form sealed meanwhile and,
 * at the start (by the server's clock), asks only for the key, opens the form on the device, puts
 * it where the exam page reads its content and opens the exam. A late joiner enters the same way
 * with everyone's clock. After everyone's time: the results among everyone who sat it.
 */
export function ScheduledExamPage() {
  const { t, i18n } = useTranslation(SCHEDULED_EXAMS_NAMESPACE);
  const { id: rawId } = useParams();
  const id = /^\d+$/.test(rawId ?? '') ? Number(rawId) : null;
  const exam = useScheduledExam(id);
  const join = useJoinScheduledExam();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useServerClock(exam.data?.server_now);
  const { state: sealedState, sealed } = useSealedCopy(exam.data);
  const [opening, setOpening] = useState<'idle' | 'opening' | 'failed'>('idle');
  const isOpening = useRef(false);
  // The start's retries stop when the student leaves the page (and never navigate from elsewhere).
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);
  useEffect(() => enableOfflineSupport(), []);

  const data = exam.data;
  const startsAt = data ? new Date(data.starts_at).getTime() : Infinity;
  const endsAt = data ? new Date(data.ends_at).getTime() : Infinity;
  const hasStarted = now >= startsAt;

  /** The start: the key (retried), the form opened on the device, the exam page. */
  const open = useCallback(async () => {
    if (!data || isOpening.current) return;
    isOpening.current = true;
    setOpening('opening');
    for (let attempt = 0; isMounted.current; attempt += 1) {
      try {
        const key = await getScheduledExamKey(data.id);
        let copy = sealed.current ?? readSealed(data.id);
        if (!copy || copy.version !== key.version) {
          copy = await getSealedContent(data.id);
          keepSealed(data.id, copy);
        }
        const content = await unseal(copy, key.key);
        keepKey(data.id, key.key, key.version);
        queryClient.setQueryData(['content', key.content_url], content);
        void queryClient.invalidateQueries({ queryKey: scheduledExamsQueryOptions().queryKey });
        if (isMounted.current) void navigate(attemptPath('mock_exam', key.user_test_id));
        return;
      } catch (error) {
        // 409 before the start (a device clock ahead of the server's): wait and ask again.
        const isEarly = isApiRequestError(error) && error.status === HttpStatus.conflict;
        if (!isEarly) setOpening('failed');
        await sleep(isEarly ? 1000 : RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
      }
    }
  }, [data, navigate, queryClient, sealed]);

  // The waiting room opens the exam by itself when the start comes.
  const isWaitingToStart = data?.joined === true && !data.submitted && data.state !== 'cancelled';
  const shouldOpen = isWaitingToStart && hasStarted && now < endsAt && data.state !== 'closed';
  useEffect(() => {
    if (!shouldOpen) return;
    // Pages of a whole cohort do not ask for the key in the same millisecond.
    const timer = window.setTimeout(() => void open(), startJitterMs());
    return () => window.clearTimeout(timer);
  }, [shouldOpen, open]);

  // Read again when the state changes by the clock (the room opens, everyone's time ends).
  const opensAt = data ? new Date(data.join_opens_at).getTime() : Infinity;
  const crossed = (moment: number) => now >= moment && now - moment < 1500;
  // Once per moment: each answer renders again inside the window, and a whole cohort crosses it.
  const readAgainAt = useRef(new Set<number>());
  useEffect(() => {
    if (!data) return;
    for (const moment of [opensAt, endsAt]) {
      if (!crossed(moment) || readAgainAt.current.has(moment)) continue;
      readAgainAt.current.add(moment);
      void exam.refetch();
    }
  });
  // Sent while others still sit it: the ensayo closes early once everyone has sent.
  const { refetch } = exam;
  const isSentAndLive = data?.submitted === true && data.state === 'live';
  useEffect(() => {
    if (!isSentAndLive) return;
    const timer = window.setInterval(() => void refetch(), 30_000);
    return () => window.clearInterval(timer);
  }, [isSentAndLive, refetch]);
  useEffect(() => {
    if (data?.state !== 'closing') return;
    const timer = window.setInterval(() => void exam.refetch(), 5000);
    return () => window.clearInterval(timer);
  }, [data?.state, exam]);

  if (id === null || (exam.isError && isApiRequestError(exam.error) && exam.error.status === 404)) {
    return (
      <section className="page scheduled-exam">
        <h1 className="page__title">{t('card.title')}</h1>
        <p>{t('page.notFound')}</p>
        <Link to="/dashboard">{t('page.back')}</Link>
      </section>
    );
  }
  if (!data) return <FullPageSpinner />;

  const joinNow = () =>
    join.mutate(data.id, {
      onError: (error) => showApiError(error),
    });
  const isLate = hasStarted && now < new Date(data.join_closes_at).getTime();
  const inRoom = now >= opensAt && !hasStarted;

  let body;
  if (data.state === 'cancelled')
    body = <p className="scheduled-exam__notice">{t('page.cancelled')}</p>;
  // Closing: asking for the results computes them when every clock has ended (the job may not
  // have run yet); until then the view says they are being worked out and asks again.
  else if ((data.state === 'closed' || data.state === 'closing') && data.submitted)
    body = <ScheduledExamResultsView exam={data} />;
  else if (data.state === 'closing')
    body = (
      <p className="scheduled-exam__notice" role="status">
        {t('page.closing')}
      </p>
    );
  else if (data.submitted)
    body = (
      <p className="scheduled-exam__notice" role="status">
        {t('page.submitted', { time: formatDateTime(data.ends_at) })}
      </p>
    );
  else if (data.state === 'closed' || now >= endsAt)
    body = <p className="scheduled-exam__notice">{t('page.missed')}</p>;
  else if (data.joined && hasStarted)
    body = (
      <div className="scheduled-exam__room">
        <p role="status">{opening === 'failed' ? t('page.openFailed') : t('page.opening')}</p>
        <PlainButton variant="primary" size="large" onClick={() => void open()}>
          {t('page.continue')}
        </PlainButton>
      </div>
    );
  else if (data.joined)
    body = (
      <div className="scheduled-exam__room">
        <Countdown label={t('page.startsIn')} target={data.starts_at} now={now} />
        <p>{t('page.waiting')}</p>
        <p
          className={`scheduled-exam__sealed scheduled-exam__sealed--${sealedState}`}
          role="status"
        >
          {sealedState === 'ready'
            ? t('page.sealedReady')
            : sealedState === 'failed'
              ? t('page.sealedFailed')
              : t('page.sealedLoading')}
        </p>
      </div>
    );
  else if (isLate)
    body = (
      <div className="scheduled-exam__room">
        <p>
          {t('page.lateNotice', {
            end: clockTime(new Date(startsAt + data.duration_minutes * 60_000).toISOString()),
          })}
        </p>
        <PlainButton variant="primary" size="large" loading={join.isPending} onClick={joinNow}>
          {t('page.joinLate')}
        </PlainButton>
      </div>
    );
  else if (inRoom)
    body = (
      <div className="scheduled-exam__room">
        <Countdown label={t('page.startsIn')} target={data.starts_at} now={now} />
        <PlainButton variant="primary" size="large" loading={join.isPending} onClick={joinNow}>
          {t('page.join')}
        </PlainButton>
      </div>
    );
  else if (hasStarted) body = <p className="scheduled-exam__notice">{t('page.joinClosed')}</p>;
  else
    body = (
      <div className="scheduled-exam__room">
        <Countdown label={t('page.opensIn')} target={data.join_opens_at} now={now} />
        <p>{t('page.upcoming')}</p>
      </div>
    );

  return (
    <section className="page scheduled-exam" aria-labelledby="scheduled-exam-title">
      <h1 id="scheduled-exam-title" className="page__title">
        {inLanguage(data.title, data.title_en, i18n.language)}
      </h1>
      <ul className="scheduled-exam__facts">
        <li>
          {t(hasStarted ? 'page.started' : 'page.when', { date: formatDateTime(data.starts_at) })}
        </li>
        <li>{t('page.questions', { count: data.question_count, subject: data.subject_name })}</li>
        {data.elective_name && <li>{t('page.elective', { name: data.elective_name })}</li>}
        <li>{t('page.duration', { minutes: data.duration_minutes })}</li>
        <li>{t('page.participants', { count: data.participant_count })}</li>
      </ul>
      {body}
    </section>
  );
}
