import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { useMe } from '../../../lib/session.ts';
import type { AnswerState } from '../lib/answers.ts';
import type { RevealedSolution } from '../lib/save-queue.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';
import { QuestionContext } from './question-context.tsx';
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
}

function ChoiceContent({ label, html, isKey }: { label: string; html: string; isKey: boolean }) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <span className="choice">
      <span className="choice__label">{label})</span>{' '}
      <ServerHtml as="span" className="choice__body" html={html} />{' '}
      {isKey && (
        <Tag color="green" className="choice__key">
          {t('question.correctChoice')}
        </Tag>
      )}
    </span>
  );
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

  return (
    <article className="question" aria-labelledby={headingId}>
      <header className="question__header">
        <h2 id={headingId} className="question__heading" tabIndex={-1}>
          {t('question.heading', { number, total })}
        </h2>
        {question.is_multi_choice && <Tag color="blue">{t('question.multiChoice')}</Tag>}
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
        {question.is_multi_choice ? (
          question.choices.map((choice) => (
            <Checkbox
              key={choice.label}
              className="question__choice"
              checked={answer.choiceIds.includes(choice.id)}
              disabled={isFinal}
              onChange={(event) => onChoose(question, choice.id, event.target.checked)}
            >
              <ChoiceContent
                label={choice.label}
                html={choice.body_html}
                isKey={keyIds.has(choice.id)}
              />
            </Checkbox>
          ))
        ) : (
          <Radio.Group
            className="question__radio-group"
            value={answer.choiceIds[0] ?? null}
            disabled={isFinal}
            onChange={(event) => onChoose(question, event.target.value as number, true)}
          >
            {question.choices.map((choice) => (
              <Radio key={choice.label} value={choice.id} className="question__choice">
                <ChoiceContent
                  label={choice.label}
                  html={choice.body_html}
                  isKey={keyIds.has(choice.id)}
                />
              </Radio>
            ))}
          </Radio.Group>
        )}
      </fieldset>

      {isStudyMode && question.is_multi_choice && !isFinal && (
        <Button
          className="question__check"
          disabled={answer.choiceIds.length === 0}
          onClick={() => onReveal(question.stem_id)}
        >
          {t('question.checkAnswer')}
        </Button>
      )}

      <Checkbox
        className="question__mark"
        checked={answer.isMarked}
        onChange={() => onToggleMark(question.stem_id)}
      >
        {t('question.mark')}
      </Checkbox>

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
