import { memo, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import type { TextRange } from '@ensaya/core/engine/annotations';
import { PlainButton } from '../../components/plain-controls.tsx';
import { useMe } from '../../lib/session.ts';
import type { AnswerState } from '../lib/answers.ts';
import type { RevealedSolution } from '../lib/save-queue.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { QuestionContext, type HighlightTools } from './question-context.tsx';
import { ServerHtml } from './server-html.tsx';

export interface QuestionViewProps {
  question: AttemptQuestion;
  /** 1-based. */
  number: number;
  total: number;
  answer: AnswerState;
  /** Study mode, once answered: the worked solution and the outcome. */
  solution: RevealedSolution | undefined;
  /** Study mode: a multi-choice question is checked by a button, a single pick at once. */
  isStudyMode: boolean;
  /** Debug users see the question id, its back-office link and the correct choices. */
  isDebug: boolean;
  isContextVisible: boolean;
  onToggleContext: () => void;
  onChoose: (question: AttemptQuestion, choiceId: number, isChecked: boolean) => void;
  onReveal: (stemId: number) => void;
  onToggleMark: (stemId: number) => void;
  /** The choices the student crossed out (paper tools); they never change the answer. */
  struck?: readonly number[];
  onToggleStrike?: (stemId: number, choiceId: number) => void;
  /** The highlights of the question's context, and how to change them. */
  highlights?: readonly TextRange[];
  onToggleHighlight?: (contextId: number, range: TextRange) => void;
  onClearHighlights?: (contextId: number) => void;
}

/**
 * A choice or the review mark: the browser's own radio button or check box in a label (the whole
 * row chooses), drawn in the theme's blue (test-taking.css). Native controls keep the test page
 * free of Ant Design's code, and the arrow keys' handling stays the player's (test-player.tsx).
 */
function ChoiceInput({
  type,
  checked,
  disabled = false,
  className,
  onChange,
  children,
}: {
  type: 'radio' | 'checkbox';
  checked: boolean;
  disabled?: boolean;
  className: string;
  onChange: (isChecked: boolean) => void;
  children: ReactNode;
}) {
  const classes = [
    className,
    'choice-input',
    checked && 'choice-input--checked',
    disabled && 'choice-input--disabled',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <label className={classes}>
      <input
        type={type}
        className="choice-input__control"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="choice-input__text">{children}</span>
    </label>
  );
}

/** Study mode, once revealed: how a choice did. */
type Feedback = 'wrong' | 'right' | 'key' | null;

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.4" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2.4" />
    </svg>
  );
}

/** Words and icons, not colour alone: "Your answer" and "Correct" on the choices they describe. */
function FeedbackTags({ feedback }: { feedback: Feedback }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  if (feedback === null) return null;
  return (
    <span className="choice__feedback">
      {feedback !== 'key' && (
        <span className={`feedback-tag feedback-tag--${feedback === 'wrong' ? 'wrong' : 'right'}`}>
          {feedback === 'wrong' ? <CrossIcon /> : <CheckIcon />}
          {t('question.yourAnswer')}
        </span>
      )}
      {feedback !== 'wrong' && (
        <span className="feedback-tag feedback-tag--right">
          <CheckIcon />
          {t('question.correctChoice')}
        </span>
      )}
    </span>
  );
}

/** The strike-out toggle of a choice: "Cross out option B", pressed while it is crossed out. */
function StrikeButton({
  label,
  isStruck,
  onToggle,
}: {
  label: string;
  isStruck: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <button
      type="button"
      className="choice-strike"
      aria-pressed={isStruck}
      aria-label={t('question.strike', { label })}
      title={t('question.strike', { label })}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="choice-strike__icon">
        abc
      </span>
    </button>
  );
}

function ChoiceContent({
  label,
  html,
  isKey,
  feedback,
  isStruck,
}: {
  label: string;
  html: string;
  isKey: boolean;
  feedback: Feedback;
  isStruck: boolean;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <span className="choice">
      <span className="choice__label">{label})</span>{' '}
      <ServerHtml as="span" className="choice__body" html={html} />{' '}
      {isStruck && <span className="visually-hidden">{t('question.struck')}</span>}
      {feedback !== null ? (
        <FeedbackTags feedback={feedback} />
      ) : (
        isKey && <span className="tag tag--green choice__key">{t('question.correctChoice')}</span>
      )}
    </span>
  );
}

function choiceClass(feedback: Feedback, isStruck: boolean): string {
  return [
    'question__choice',
    feedback === 'wrong' ? 'question__choice--wrong' : '',
    feedback === 'right' || feedback === 'key' ? 'question__choice--key' : '',
    isStruck ? 'question__choice--struck' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * One question: context (shown or hidden), statement, choices A) to I) (radio buttons, or check
 * boxes for a multi-choice question), the review mark and, in study mode, the explanation once
 * answered (the choices are then final and disabled). Memoized: moving to another question renders only this and the two status rows.
 * Choices are keyed by their letter, so the same controls show the next question's choices.
 */
export const QuestionView = memo(function QuestionView({
  question,
  number,
  total,
  answer,
  solution,
  isStudyMode,
  isDebug,
  isContextVisible,
  onToggleContext,
  onChoose,
  onReveal,
  onToggleMark,
  struck = [],
  onToggleStrike,
  highlights,
  onToggleHighlight,
  onClearHighlights,
}: QuestionViewProps) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  // The back office is for administrators: a debug student is not one, so the link is theirs only.
  const isAdmin = useMe().data?.role === 'admin';
  const keyIds = new Set(
    solution?.correct_choice_ids ??
      (isDebug ? question.choices.filter((c) => c.is_correct).map((c) => c.id) : []),
  );
  const headingId = `question-${question.stem_id}-heading`;
  const isFinal = answer.isFinal === true;
  const contextId = question.context?.id;
  const highlightTools = useMemo((): HighlightTools | undefined => {
    if (!onToggleHighlight || !onClearHighlights || contextId === undefined) return undefined;
    return {
      onToggle: (range) => onToggleHighlight(contextId, range),
      onClear: () => onClearHighlights(contextId),
      labels: {
        tools: t('highlight.tools'),
        highlight: t('highlight.highlight'),
        clear: t('highlight.clear'),
        hint: t('highlight.hint'),
        noSelection: t('highlight.noSelection'),
        added: t('highlight.added'),
        removed: t('highlight.removed'),
      },
    };
  }, [contextId, onClearHighlights, onToggleHighlight, t]);
  /** Study mode, once the key is shown: the student's pick against the key. */
  const feedbackOf = (choiceId: number): Feedback => {
    if (!solution) return null;
    const isChosen = answer.choiceIds.includes(choiceId);
    if (keyIds.has(choiceId)) return isChosen ? 'right' : 'key';
    return isChosen ? 'wrong' : null;
  };
  const strikeOf = (choice: AttemptQuestion['choices'][number]) =>
    onToggleStrike ? (
      <StrikeButton
        label={choice.label}
        isStruck={struck.includes(choice.id)}
        onToggle={() => onToggleStrike(question.stem_id, choice.id)}
      />
    ) : null;

  return (
    <article className="question" aria-labelledby={headingId}>
      <header className="question__header">
        <h2 id={headingId} className="question__heading" tabIndex={-1}>
          {t('question.heading', { number, total })}
        </h2>
        {question.is_multi_choice && (
          <span className="tag tag--blue">{t('question.multiChoice')}</span>
        )}
        {isDebug && (
          <span className="question__debug">
            {t('question.debugId', { id: question.stem_id })}
            {isAdmin && (
              <>
                {' '}
                <a href={`/admin/questions/${question.stem_id}`} target="_blank" rel="noopener">
                  {t('question.debugLink')}
                </a>
              </>
            )}
          </span>
        )}
      </header>

      {question.context && (
        <QuestionContext
          context={question.context}
          isVisible={isContextVisible}
          onToggle={onToggleContext}
          highlights={highlights}
          tools={highlightTools}
          labels={{
            section: t('question.context'),
            show: t('question.showContext'),
            hide: t('question.hideContext'),
          }}
        />
      )}

      <ServerHtml className="question__statement" html={question.statement_html} />
      {question.url_source && (
        <p className="question__source">
          <a href={question.url_source} target="_blank" rel="noopener noreferrer">
            {t('question.source')}
          </a>
        </p>
      )}

      <fieldset className="question__choices">
        <legend className="visually-hidden">{t('question.choices')}</legend>
        {question.choices.map((choice) => (
          <div key={choice.label} className="question__choice-row">
            <ChoiceInput
              type={question.is_multi_choice ? 'checkbox' : 'radio'}
              className={choiceClass(feedbackOf(choice.id), struck.includes(choice.id))}
              checked={answer.choiceIds.includes(choice.id)}
              disabled={isFinal}
              onChange={(isChecked) => onChoose(question, choice.id, isChecked)}
            >
              <ChoiceContent
                label={choice.label}
                html={choice.body_html}
                isKey={keyIds.has(choice.id)}
                feedback={feedbackOf(choice.id)}
                isStruck={struck.includes(choice.id)}
              />
            </ChoiceInput>
            {strikeOf(choice)}
          </div>
        ))}
      </fieldset>

      {isStudyMode && question.is_multi_choice && !isFinal && (
        <PlainButton
          className="question__check"
          disabled={answer.choiceIds.length === 0}
          onClick={() => onReveal(question.stem_id)}
        >
          {t('question.checkAnswer')}
        </PlainButton>
      )}

      <ChoiceInput
        type="checkbox"
        className="question__mark"
        checked={answer.isMarked}
        onChange={() => onToggleMark(question.stem_id)}
      >
        {t('question.mark')}
      </ChoiceInput>

      {solution && (
        <section
          className={
            solution.is_correct
              ? 'question__solution'
              : 'question__solution question__solution--wrong'
          }
          aria-label={t('question.explanation')}
        >
          <h3>{solution.is_correct ? t('question.isCorrect') : t('question.isIncorrect')}</h3>
          <ServerHtml html={solution.solution_html} />
        </section>
      )}
    </article>
  );
});
