import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { answerOf, isAnswered, type AnswerMap } from '../lib/answers.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

function stateKey(answered: boolean, marked: boolean): string {
  if (answered) return marked ? 'status.stateAnsweredMarked' : 'status.stateAnswered';
  return marked ? 'status.stateUnansweredMarked' : 'status.stateUnanswered';
}

const PaletteItem = memo(function PaletteItem({
  index,
  isMarked,
  isAnswered: answered,
  isCurrent,
  onSelect,
}: {
  index: number;
  isMarked: boolean;
  isAnswered: boolean;
  isCurrent: boolean;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const number = index + 1;
  const className = [
    'palette__item',
    answered ? 'palette__item--answered' : '',
    isMarked ? 'palette__item--marked' : '',
    isCurrent ? 'palette__item--current' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li>
      <button
        type="button"
        className={className}
        aria-label={t('status.item', { number, state: t(stateKey(answered, isMarked)) })}
        aria-current={isCurrent ? 'step' : undefined}
        onClick={() => onSelect(index)}
      >
        <span className="palette__number">{number}</span>
        {/* The state in shapes as well as colours: a tick when answered, a flag when marked. */}
        <span className="palette__marks" aria-hidden="true">
          {answered ? '✓' : ''}
          {isMarked ? '⚑' : ''}
        </span>
      </button>
    </li>
  );
});

/**
 * The question palette (the spec's status table: number, marked, answered): every question as a
 * button that opens it, showing whether it is answered (tick, filled) and marked for review
 * (flag), in its accessible name too. Wraps to the width it has, down to a 360 px phone.
 */
export const StatusTable = memo(function StatusTable({
  questions,
  answers,
  current,
  onSelect,
}: {
  questions: readonly AttemptQuestion[];
  answers: AnswerMap;
  current: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  return (
    <div className="palette">
      <p className="palette__caption" id="palette-caption">
        {t('status.caption')}
      </p>
      <ol className="palette__grid" aria-describedby="palette-caption">
        {questions.map((question, index) => (
          <PaletteItem
            key={question.stem_id}
            index={index}
            isMarked={answerOf(answers, question.stem_id).isMarked}
            isAnswered={isAnswered(answerOf(answers, question.stem_id))}
            isCurrent={index === current}
            onSelect={onSelect}
          />
        ))}
      </ol>
      <ul className="palette__legend">
        <li>
          <span className="palette__swatch palette__swatch--answered" aria-hidden="true">
            ✓
          </span>
          {t('status.answered')}
        </li>
        <li>
          <span className="palette__swatch" aria-hidden="true" />
          {t('status.unanswered')}
        </li>
        <li>
          <span className="palette__swatch palette__swatch--marked" aria-hidden="true">
            ⚑
          </span>
          {t('status.marked')}
        </li>
      </ul>
    </div>
  );
});
