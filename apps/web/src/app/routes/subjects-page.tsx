import '../../features/engine/subjects/subjects.css';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpStatus } from '@ensaya/core/api/http';
import type { SubjectCard as SubjectCardData } from '@ensaya/core/contracts/engine';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { PlainButton } from '../../components/plain-controls.tsx';
import { isApiRequestError } from '../../lib/api-client.ts';
import { EnginePageHeader } from '../../engine-kit/components/engine-page-header.tsx';
import { InProgressBanner } from '../../engine-kit/components/in-progress-banner.tsx';
import { ScheduledExamsCard } from '../../features/engine/scheduled-exams/components/scheduled-exams-card.tsx';
import { TEST_ROUTE } from '../../engine-kit/lib/attempt-routes.ts';
import { writeControl } from '../../engine-kit/lib/control-context.ts';
import { markTestRunning } from '../../engine-kit/lib/test-flags.ts';
import { useSubjects } from '../../engine-kit/api/get-subjects.ts';
import {
  SubjectCard,
  type SubjectAction,
} from '../../features/engine/subjects/components/subject-card.tsx';
import { SUBJECTS_NAMESPACE } from '../../features/engine/subjects/lib/subjects-i18n.ts';
import { REVIEW_NAMESPACE } from '../../features/learning/review/lib/review-i18n.ts';
import { controlFor } from '../../engine-kit/lib/control-for.ts';
import { dueBySubject, useReviewDue } from '../../engine-kit/api/get-review-due.ts';
import { REVIEW_ROUTE } from '../../engine-kit/lib/start-review.ts';

const ACTION_ROUTE: Record<Exclude<SubjectAction, 'resume'>, string> = {
  takeTests: '/temas',
  review: REVIEW_ROUTE,
  history: '/historico',
  statistics: '/estadistica',
};

/** `/materias`: the subject cards of each standard test (spec 001, section 2). */
export function SubjectsPage() {
  const { t, i18n } = useTranslation(SUBJECTS_NAMESPACE);
  const navigate = useNavigate();
  const subjects = useSubjects();
  const review = useReviewDue();
  const reviewDue = dueBySubject(review.data);
  // The cards wait for the review queue too: its line and button, arriving later, would move the
  // cards (layout shift). Without it (an error) they show without them.
  const isLoading = subjects.isPending || review.isPending;
  // The cards are drawn in a background render, which yields to the browser every few
  // milliseconds, rather than in one long task when the data arrives (Lighthouse's blocking time).
  const isShown = useDeferredValue(!isLoading, false) && !isLoading;
  const error = subjects.error;
  const isThrottled = isApiRequestError(error) && error.status === HttpStatus.tooManyRequests;

  // 401 goes to /login from the API client; 429 says "Too many attempts." there and comes here.
  useEffect(() => {
    if (isThrottled) void navigate('/dashboard', { replace: true });
  }, [isThrottled, navigate]);

  const reviewTexts = (due: number) =>
    due > 0
      ? {
          dueText: t('dueToday', { ns: REVIEW_NAMESPACE, count: due }),
          startText: t('start', { ns: REVIEW_NAMESPACE }),
        }
      : undefined;

  function act(card: SubjectCardData, action: SubjectAction) {
    const control = controlFor(card);
    if (action === 'resume' && card.in_progress_user_test_id !== null) {
      writeControl({ ...control, userTestId: card.in_progress_user_test_id });
      markTestRunning();
      // The practice route opens any attempt and moves on to its own route.
      void navigate(`${TEST_ROUTE.practice}?id=${card.in_progress_user_test_id}`);
      return;
    }
    // A review session is a wrong-answers test of the spaced-review queue.
    writeControl(action === 'review' ? { ...control, wrongSource: 'review' } : control);
    if (action !== 'resume') void navigate(ACTION_ROUTE[action]);
  }

  return (
    <section className="page subjects-page">
      <EnginePageHeader
        title={t('pages.subjects.title', { ns: 'translation' })}
        onBack={() => void navigate('/dashboard')}
      />
      <p className="page__lead">{t('lead')}</p>
      <InProgressBanner />
      <ScheduledExamsCard />
      {/* Said once, in English only: the bank is Spanish, as the PAES and the class B exam are. */}
      {i18n.resolvedLanguage === 'en' && <p className="page__lead">{t('languageNote')}</p>}
      {!isShown && <FullPageSpinner />}
      {subjects.isError && !(isApiRequestError(error) && error.handled) && (
        <div className="form-alert" role="alert">
          <p>
            {t('errors.loadFailedTitle', { ns: 'translation' })}.{' '}
            {t('errors.loadFailed', { ns: 'translation' })}
          </p>
          <PlainButton onClick={() => void subjects.refetch()}>
            {t('errors.retry', { ns: 'translation' })}
          </PlainButton>
        </div>
      )}
      {isShown && subjects.data?.length === 0 && <p>{t('empty')}</p>}
      {isShown &&
        subjects.data?.map((standardTest) => (
          <section
            key={standardTest.id}
            className="subjects-section"
            aria-labelledby={`standard-test-${standardTest.id}`}
          >
            <h2 id={`standard-test-${standardTest.id}`} className="subjects-section__title">
              {standardTest.name}
            </h2>
            <div className="subjects-grid">
              {standardTest.subjects.map((card) => (
                <SubjectCard
                  key={card.id}
                  card={card}
                  review={reviewTexts(reviewDue.get(card.id) ?? 0)}
                  onAction={act}
                />
              ))}
            </div>
          </section>
        ))}
    </section>
  );
}
