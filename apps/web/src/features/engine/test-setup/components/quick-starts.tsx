import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartUserTestRequest, SubjectSetup } from '@ensaya/core/contracts/engine';
import type { ThemeStats } from '@ensaya/core/contracts/statistics';
import { quickPractice, quickPracticeRequest } from '../lib/quick-starts.ts';
import { TEST_SETUP_NAMESPACE } from '../lib/test-setup-i18n.ts';

/** One start: a title, a line saying what it holds (or why it cannot start), and the tap. */
function QuickStart({
  title,
  detail,
  disabled,
  onStart,
}: {
  title: string;
  detail: string;
  disabled: boolean;
  onStart: () => void;
}) {
  const detailId = useId();
  return (
    <li className="quick-starts__item">
      <button
        type="button"
        className="quick-start"
        disabled={disabled}
        aria-describedby={detailId}
        onClick={onStart}
      >
        <span className="quick-start__title">{title}</span>
        <span id={detailId} className="quick-start__detail">
          {detail}
        </span>
      </button>
    </li>
  );
}

/**
 * The practice tab's one-tap starts: 10 questions from the student's weakest themes
 * (their statistics per theme; with no history yet, 10 spread over the subject's themes, said so),
 * today's spaced review of the subject (disabled, with the reason, when nothing is due) and the full
 * mock exam. Each starts the test at once; the four ways and switches stay under "Personalizar".
 */
export function QuickStarts({
  setup,
  themeStats,
  reviewDue,
  reviewSessionMax,
  examQuestions,
  examMinutes,
  canStart,
  isStarting,
  onStart,
  onMockExam,
}: {
  setup: SubjectSetup;
  themeStats: readonly ThemeStats[];
  /** Questions due today in the subject's spaced review. */
  reviewDue: number;
  reviewSessionMax: number;
  examQuestions: number | null;
  examMinutes: number | null;
  canStart: boolean;
  isStarting: boolean;
  onStart: (request: StartUserTestRequest) => void;
  onMockExam: () => void;
}) {
  const { t } = useTranslation(TEST_SETUP_NAMESPACE);
  const headingId = useId();
  const practice = quickPractice(setup.themes, themeStats);
  const names = practice.themes.map((theme) => theme.name);
  const isDisabled = !canStart || isStarting;

  return (
    <section className="quick-starts" aria-labelledby={headingId}>
      <h2 id={headingId} className="quick-starts__title">
        {t('quick.title')}
      </h2>
      <ul className="quick-starts__list">
        <QuickStart
          title={
            practice.kind === 'weakest'
              ? t('quick.weakest', { count: practice.total })
              : t('quick.starter', { count: practice.total })
          }
          detail={
            practice.kind === 'weakest'
              ? t('quick.weakestDetail', { themes: listOf(names, t('quick.and')) })
              : t('quick.starterDetail', { count: names.length })
          }
          disabled={isDisabled || practice.total === 0}
          onStart={() => onStart(quickPracticeRequest(setup.id, practice))}
        />
        <QuickStart
          title={t('quick.review')}
          detail={
            reviewDue > 0
              ? t('quick.reviewDetail', { count: Math.min(reviewDue, reviewSessionMax) })
              : t('quick.reviewNone')
          }
          disabled={isDisabled || reviewDue === 0}
          onStart={() =>
            onStart({
              subject_id: setup.id,
              mode: 'wrong_answers',
              wrong_source: 'review',
              random_question: false,
              random_answer: false,
              study_mode: true,
            })
          }
        />
        <QuickStart
          title={t('quick.exam')}
          detail={
            examQuestions !== null && examMinutes !== null
              ? t('quick.examDetail', { count: examQuestions, minutes: examMinutes })
              : t('quick.examDetailShort')
          }
          disabled={isDisabled}
          onStart={onMockExam}
        />
      </ul>
    </section>
  );
}

/** "A, B y C" / "A, B and C". */
function listOf(names: readonly string[], and: string): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}
