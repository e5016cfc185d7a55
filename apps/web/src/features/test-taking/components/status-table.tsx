import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { answerOf, isAnswered, type AnswerMap } from '../lib/answers.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

const StatusRow = memo(function StatusRow({
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
  return (
    <tr
      className={isCurrent ? 'status-table__row status-table__row--current' : 'status-table__row'}
      aria-current={isCurrent ? 'step' : undefined}
      onClick={() => onSelect(index)}
    >
      <td>
        <button
          type="button"
          className="link-button status-table__number"
          aria-label={t('status.goTo', { number })}
          onClick={(event) => {
            event.stopPropagation();
            onSelect(index);
          }}
        >
          {number}
        </button>
      </td>
      <td>
        {/* Read-only (the mark changes from the question): a click goes through to the row. */}
        <input
          type="checkbox"
          checked={isMarked}
          readOnly
          aria-readonly="true"
          tabIndex={-1}
          aria-label={t('status.marked', { number })}
        />
      </td>
      <td>
        <input
          type="checkbox"
          checked={answered}
          readOnly
          aria-readonly="true"
          tabIndex={-1}
          aria-label={t('status.answered', { number })}
        />
      </td>
    </tr>
  );
});

/** Every question with its marked and answered boxes; a row opens its question. */
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
    <div className="status-table">
      <table>
        <caption className="visually-hidden">{t('status.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('status.number')}</th>
            <th scope="col">{t('status.markedColumn')}</th>
            <th scope="col">{t('status.answeredColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question, index) => {
            const answer = answerOf(answers, question.stem_id);
            return (
              <StatusRow
                key={question.stem_id}
                index={index}
                isMarked={answer.isMarked}
                isAnswered={isAnswered(answer)}
                isCurrent={index === current}
                onSelect={onSelect}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
