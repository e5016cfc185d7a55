import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import type { TextRange } from '@ensaya/core/engine/annotations';
import { QuestionContext } from '../../../../engine-kit/components/question-context.tsx';
import { ServerHtml } from '../../../../engine-kit/components/server-html.tsx';
import { HISTORY_NAMESPACE } from '../lib/history-i18n.ts';

type ChoiceOutcome = 'right' | 'wrong' | 'key' | 'chosen' | 'none';

/**
 * A chosen choice is right or wrong; a correct choice not chosen is shown as the key. Without the
 * key (withheld), a chosen choice is only the student's answer.
 */
function outcomeOf(
  choiceId: number,
  chosen: ReadonlySet<number>,
  keys: ReadonlySet<number> | null,
): ChoiceOutcome {
  if (keys === null) return chosen.has(choiceId) ? 'chosen' : 'none';
  if (chosen.has(choiceId)) return keys.has(choiceId) ? 'right' : 'wrong';
  return keys.has(choiceId) ? 'key' : 'none';
}

const MARK: Record<ChoiceOutcome, string> = {
  right: '✓',
  wrong: '✗',
  key: '✓',
  chosen: '•',
  none: '',
};

/**
 * One question of a sent attempt (spec 001, section 2, review): the context (shown or hidden), the
 * statement, the choices with the student's answers marked correct or incorrect and the correct
 * ones, the overall Correcta/Incorrecta label and the explanation on demand. Read-only. With
 * `keyWithheld` (a scheduled ensayo others still sit: the server sent no key) only the student's
 * answers, neither right nor wrong.
 */
export function ReviewQuestion({
  question,
  number,
  total,
  struck = [],
  highlights,
  keyWithheld = false,
}: {
  question: AttemptQuestion;
  number: number;
  total: number;
  /** The choices the student crossed out, and the context's highlights. */
  struck?: readonly number[];
  highlights?: readonly TextRange[];
  keyWithheld?: boolean;
}) {
  const { t } = useTranslation(HISTORY_NAMESPACE);
  const [isContextVisible, setIsContextVisible] = useState(true);
  const [isExplanationVisible, setIsExplanationVisible] = useState(false);
  const chosen = new Set(question.chosen_choice_ids);
  const keys = keyWithheld
    ? null
    : new Set(
        question.correct_choice_ids ??
          question.choices.filter((choice) => choice.is_correct).map((choice) => choice.id),
      );
  const isCorrect = question.is_correct === true;
  const headingId = `review-${question.stem_id}-heading`;

  return (
    <article className="question review-question" aria-labelledby={headingId}>
      <header className="question__header">
        <h2 id={headingId} className="question__heading">
          {t('review.heading', { number, total })}
        </h2>
        <span className="review-question__labels">
          {!keyWithheld && (
            <Tag color={isCorrect ? 'green' : 'red'} className="review-question__outcome">
              {isCorrect ? t('review.correct') : t('review.incorrect')}
            </Tag>
          )}
          {chosen.size === 0 && <Tag>{t('review.unanswered')}</Tag>}
          {question.is_multi_choice && <Tag color="blue">{t('review.multiChoice')}</Tag>}
          {question.is_marked && <Tag color="gold">{t('review.marked')}</Tag>}
        </span>
      </header>

      {question.context && (
        <QuestionContext
          context={question.context}
          isVisible={isContextVisible}
          onToggle={() => setIsContextVisible((visible) => !visible)}
          highlights={highlights}
          labels={{
            section: t('review.context'),
            show: t('review.showContext'),
            hide: t('review.hideContext'),
          }}
        />
      )}

      <ServerHtml className="question__statement" html={question.statement_html} />

      <ul className="review-choices" aria-label={t('review.choices')}>
        {question.choices.map((choice) => {
          const outcome = outcomeOf(choice.id, chosen, keys);
          const isStruck = struck.includes(choice.id);
          const className = [
            'review-choice',
            outcome === 'right' || outcome === 'key' ? 'review-choice--right' : '',
            outcome === 'wrong' ? 'review-choice--wrong' : '',
            outcome === 'chosen' ? 'review-choice--chosen' : '',
            isStruck ? 'review-choice--struck' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={choice.id} className={className}>
              <span className="review-choice__mark" aria-hidden="true">
                {MARK[outcome]}
              </span>
              <span className="choice__label">{choice.label})</span>
              <ServerHtml as="span" className="review-choice__body" html={choice.body_html} />
              {outcome === 'right' && <Tag color="green">{t('review.yourAnswerRight')}</Tag>}
              {outcome === 'wrong' && <Tag color="red">{t('review.yourAnswerWrong')}</Tag>}
              {outcome === 'key' && <Tag color="green">{t('review.key')}</Tag>}
              {outcome === 'chosen' && <Tag color="blue">{t('review.yourAnswer')}</Tag>}
              {isStruck && <Tag className="review-choice__struck">{t('review.struck')}</Tag>}
            </li>
          );
        })}
      </ul>

      {!keyWithheld && question.solution_html !== undefined && (
        <>
          <Button
            aria-expanded={isExplanationVisible}
            onClick={() => setIsExplanationVisible((visible) => !visible)}
          >
            {isExplanationVisible ? t('review.hideExplanation') : t('review.showExplanation')}
          </Button>
          {isExplanationVisible && (
            <section
              className={
                isCorrect ? 'question__solution' : 'question__solution question__solution--wrong'
              }
              aria-label={t('review.explanation')}
            >
              <ServerHtml html={question.solution_html} />
            </section>
          )}
        </>
      )}
    </article>
  );
}
