import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

/** Question numbers shown at a time (spec 001, section 9: "10 per page item, no size changer"). */
export const NUMBERS_PER_PAGE = 10;

/**
 * One number per question, ten at a time: the ten around the current question, with arrows to the
 * previous and next ten.
 */
export const QuestionPaginator = memo(function QuestionPaginator({
  total,
  current,
  onSelect,
}: {
  total: number;
  /** 0-based. */
  current: number;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const first = Math.floor(current / NUMBERS_PER_PAGE) * NUMBERS_PER_PAGE;
  const last = Math.min(total, first + NUMBERS_PER_PAGE);
  const indexes = Array.from({ length: last - first }, (_, offset) => first + offset);

  return (
    <nav className="question-pager" aria-label={t('pager.label')}>
      <button
        type="button"
        className="question-pager__arrow"
        aria-label={t('pager.previousPage')}
        disabled={first === 0}
        onClick={() => onSelect(first - NUMBERS_PER_PAGE)}
      >
        ‹
      </button>
      {indexes.map((index) => (
        <button
          key={index}
          type="button"
          className={
            index === current
              ? 'question-pager__item question-pager__item--current'
              : 'question-pager__item'
          }
          aria-label={t('pager.question', { number: index + 1 })}
          aria-current={index === current ? 'page' : undefined}
          onClick={() => onSelect(index)}
        >
          {index + 1}
        </button>
      ))}
      <button
        type="button"
        className="question-pager__arrow"
        aria-label={t('pager.nextPage')}
        disabled={last >= total}
        onClick={() => onSelect(last)}
      >
        ›
      </button>
    </nav>
  );
});
