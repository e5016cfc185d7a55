import '../../components/charts/charts.css';
import '../../features/insights/dashboard/dashboard.css';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PlainButton } from '../../components/plain-controls.tsx';
import { isApiRequestError } from '../../lib/api-client.ts';
import { useMe } from '../../lib/session.ts';
import { useReviewDue } from '../../engine-kit/api/get-review-due.ts';
import { ReviewQueueCard } from '../../features/learning/review/components/review-queue-card.tsx';
import { useScoreEstimate } from '../../engine-kit/api/get-score-estimate.ts';
import { ScoreEstimateCard } from '../../features/insights/score-estimate/components/score-estimate-card.tsx';
import { subjectsQueryOptions } from '../../engine-kit/api/get-subjects.ts';
import { InProgressBanner } from '../../engine-kit/components/in-progress-banner.tsx';
import { ScheduledExamsCard } from '../../features/engine/scheduled-exams/components/scheduled-exams-card.tsx';
import { useDashboard } from '../../features/insights/dashboard/api/get-dashboard.ts';
import { DashboardCharts } from '../../features/insights/dashboard/components/dashboard-charts.tsx';
import { FirstDiagnosticCard } from '../../features/insights/dashboard/components/first-diagnostic-card.tsx';
import { DASHBOARD_NAMESPACE } from '../../features/insights/dashboard/lib/dashboard-i18n.ts';

/**
 * `/dashboard`: the student's home (spec 001, section 2): the banner with the way to the subjects
 * and, once a test was sent, the chart cards; before that, an invitation to take the first one.
 * Written without Ant Design (plain buttons), like the login page: it is the first page after
 * signing in, and Lighthouse's mobile score weighs its JavaScript.
 */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const navigate = useNavigate();
  const { data: user } = useMe();
  const dashboard = useDashboard();
  // What the cards under the banner read, asked for together with the dashboard rather than once
  // each card has rendered; the cards appear together, so none pushes another down (layout shift).
  const reviewDue = useReviewDue();
  const estimate = useScoreEstimate(null);
  const subjects = useQuery(subjectsQueryOptions());
  const goToSubjects = () => void navigate('/materias');

  const data = dashboard.data;
  const isLoading =
    dashboard.isPending ||
    reviewDue.isPending ||
    (data?.has_attempts === true && estimate.isPending) ||
    (reviewDue.data?.subjects.some((subject) => subject.due > 0) === true && subjects.isPending);
  // The cards are drawn in a background render, which yields to the browser every few
  // milliseconds, rather than in one long task when the data arrives (Lighthouse's blocking time);
  // the spinner holds their place meanwhile.
  const isShown = useDeferredValue(!isLoading, false) && !isLoading;
  const hasFailed =
    dashboard.isError && !(isApiRequestError(dashboard.error) && dashboard.error.handled);
  return (
    <section className="page dashboard-page">
      <h1 className="page__title">
        {user
          ? t('dashboard.greeting', { ns: 'translation', name: user.name })
          : t('dashboard.title', { ns: 'translation' })}
      </h1>
      <InProgressBanner />
      <ScheduledExamsCard />
      <FirstDiagnosticCard />

      <div className="stats-banner">
        <div>
          <h2 className="stats-banner__title">{t('banner.title')}</h2>
          <p className="stats-banner__text">{t('banner.text')}</p>
        </div>
        <PlainButton size="large" onClick={goToSubjects}>
          {t('dashboard.goToSubjects', { ns: 'translation' })}
        </PlainButton>
      </div>

      {!isShown && !hasFailed && (
        <div
          className="dashboard-page__loading"
          role="status"
          aria-label={t('app.loading', { ns: 'translation' })}
        >
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
      {hasFailed && (
        <div className="form-alert" role="alert">
          <p>
            {t('errors.loadFailedTitle', { ns: 'translation' })}.{' '}
            {t('errors.loadFailed', { ns: 'translation' })}
          </p>
          <PlainButton onClick={() => void dashboard.refetch()}>
            {t('errors.retry', { ns: 'translation' })}
          </PlainButton>
        </div>
      )}
      {isShown && <ReviewQueueCard due={reviewDue.data} cards={subjects.data} />}
      {data?.has_attempts === true && isShown && <ScoreEstimateCard estimate={estimate.data} />}
      {data?.has_attempts === true && isShown && <DashboardCharts data={data} />}
      {data?.has_attempts === false && isShown && (
        <section className="chart-card dashboard-empty" aria-labelledby="dashboard-empty-title">
          <h2 id="dashboard-empty-title" className="chart-card__title">
            {t('empty.title')}
          </h2>
          <p>{t('empty.text')}</p>
          <PlainButton variant="primary" size="large" onClick={goToSubjects}>
            {t('empty.action')}
          </PlainButton>
        </section>
      )}
    </section>
  );
}
