import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartUserTestRequest } from '@ensaya/core/contracts/engine';
import { SELECTION_MODES } from '@ensaya/core/engine/setup';
import { useStartTest } from '../../../../engine-kit/hooks/use-start-test.tsx';
import { subscriptionsQueryKey } from '../api/get-my-subscriptions.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/** Questions in the first practice, as in the one-tap practice of /temas. */
export const FIRST_PRACTICE_SIZE = 10;

/**
 * The first practice of a subject: 10 questions in random order, in study mode (each answer can
 * be checked with its explanation), untimed.
 */
export function firstPracticeRequest(subjectId: number): StartUserTestRequest {
  return {
    subject_id: subjectId,
    mode: 'practice',
    selection: { value: SELECTION_MODES.count, limit: FIRST_PRACTICE_SIZE },
    random_question: true,
    random_answer: false,
    study_mode: true,
  };
}

/**
 * "Empieza a practicar": the trial has just started, and one tap per subject opens a
 * short practice at its first question, without the dashboard and the setup page in between.
 */
export function FirstPractice({
  subjects,
}: {
  subjects: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const headingId = useId();
  const queryClient = useQueryClient();
  const { start, isStarting, dialogs } = useStartTest();

  function practise(subjectId: number) {
    // The state kept before the trial (no subscription) is stale now: the trial banner reads it.
    void queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey });
    void start(firstPracticeRequest(subjectId));
  }

  if (subjects.length === 0) return null;
  return (
    <section className="first-practice" aria-labelledby={headingId}>
      <h2 id={headingId} className="first-practice__title">
        {t('firstPractice.title')}
      </h2>
      <p className="first-practice__lead">
        {t('firstPractice.lead', { count: FIRST_PRACTICE_SIZE })}
      </p>
      <ul className="first-practice__list">
        {subjects.map((subject) => (
          <li key={subject.id}>
            <button
              type="button"
              className="first-practice__button"
              disabled={isStarting}
              onClick={() => practise(subject.id)}
            >
              {t('firstPractice.start', { subject: subject.name })}
            </button>
          </li>
        ))}
      </ul>
      {dialogs}
    </section>
  );
}
