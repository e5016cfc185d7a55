import '../../../components/charts/charts.css';
import '../dashboard.css';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useMe } from '../../../lib/session.ts';
import { ReviewQueueCard } from '../../review/components/review-queue-card.tsx';
import { ScoreEstimateCard } from '../../score-estimate/components/score-estimate-card.tsx';
import { InProgressBanner } from '../../test-taking/components/in-progress-banner.tsx';
import { useDashboard } from '../api/get-dashboard.ts';
import { DashboardCharts } from '../components/dashboard-charts.tsx';
import { DASHBOARD_NAMESPACE } from '../lib/dashboard-i18n.ts';

/**
 * `/dashboard`: the student's home (spec 001, section 2): the banner with the way to the subjects
 * and, once a test was sent, the chart cards; before that, an invitation to take the first one.
 */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const navigate = useNavigate();
  const { data: user } = useMe();
  const dashboard = useDashboard();
  const goToSubjects = () => void navigate('/materias');

  const data = dashboard.data;
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

      <div className="stats-banner">
        <div>
          <h2 className="stats-banner__title">{t('banner.title')}</h2>
          <p className="stats-banner__text">{t('banner.text')}</p>
        </div>
        <Button size="large" onClick={goToSubjects}>
          {t('dashboard.goToSubjects', { ns: 'translation' })}
        </Button>
      </div>
      <ReviewQueueCard />

      {dashboard.isPending && (
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
          <Button onClick={() => void dashboard.refetch()}>
            {t('errors.retry', { ns: 'translation' })}
          </Button>
        </div>
      )}
      {data?.has_attempts === true && <ScoreEstimateCard />}
      {data?.has_attempts === true && <DashboardCharts data={data} />}
      {data?.has_attempts === false && (
        <section className="chart-card dashboard-empty" aria-labelledby="dashboard-empty-title">
          <h2 id="dashboard-empty-title" className="chart-card__title">
            {t('empty.title')}
          </h2>
          <p>{t('empty.text')}</p>
          <Button type="primary" size="large" onClick={goToSubjects}>
            {t('empty.action')}
          </Button>
        </section>
      )}
    </section>
  );
}
