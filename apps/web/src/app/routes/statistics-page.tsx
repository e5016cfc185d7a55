import '../../components/charts/charts.css';
import '../../features/insights/statistics/statistics.css';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StatsKind } from '@ensaya/core/contracts/statistics';
import { WRONG_ANSWERS_SET } from '@ensaya/core/engine/wrong-answers';
import { ChartGrid } from '../../components/charts/chart-card.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PlainButton, PlainSegmented } from '../../components/plain-controls.tsx';
import { PageShell } from '../../components/page-shell.tsx';
import { isApiRequestError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { useScoreEstimate } from '../../engine-kit/api/get-score-estimate.ts';
import { ScoreEstimateCard } from '../../features/insights/score-estimate/components/score-estimate-card.tsx';
import { EnginePageHeader } from '../../engine-kit/components/engine-page-header.tsx';
import { updateControl } from '../../engine-kit/lib/control-context.ts';
import { useGauss } from '../../features/insights/statistics/api/get-gauss.ts';
import { useThemeColumns } from '../../features/insights/statistics/api/get-theme-columns.ts';
import { useThemesStatsGeneral } from '../../features/insights/statistics/api/get-themes-stats-general.ts';
import { useThemesStats } from '../../engine-kit/api/get-themes-stats.ts';
import { useUserSubjectStats } from '../../features/insights/statistics/api/get-user-subject-stats.ts';
import {
  AverageCard,
  GaussCard,
  ThemeColumnsCard,
  ThemesBarCard,
  ThemesRadialCard,
} from '../../features/insights/statistics/components/statistics-charts.tsx';
import { useStatisticsSubject } from '../../features/insights/statistics/hooks/use-statistics-subject.ts';
import { STATISTICS_NAMESPACE } from '../../features/insights/statistics/lib/statistics-i18n.ts';

type TypeFilter = 'all' | StatsKind;

/** "Do more": a larger set of the questions the student missed. */
const WRONG_ANSWERS_MORE = 2 * WRONG_ANSWERS_SET;

/** Each kind's history (the statistics counted tests the history could not show). */
const HISTORY_LINKS = [
  { kind: 'custom', to: '/historico' },
  { kind: 'official', to: '/historico/ensayo' },
  { kind: 'wrong_answers', to: '/historico/repasos' },
] as const;

/**
 * `/estadistica` (spec 001, section 2): for the subject chosen on `/materias` (or `?subject_id=`),
 * the banner, the average card, the comparison with all students, per-theme charts and, with an
 * active subscription, the two ways to review wrong answers. Everything is read from the
 * statistics aggregates; the test type filter narrows every call.
 */
export function StatisticsPage() {
  const { t } = useTranslation(STATISTICS_NAMESPACE);
  const navigate = useNavigate();
  const subject = useStatisticsSubject();
  const [filter, setFilter] = useState<TypeFilter>('all');
  const scope =
    subject.subjectId === null
      ? null
      : { subjectId: subject.subjectId, type: filter === 'all' ? undefined : filter };
  const stats = useUserSubjectStats(scope);
  const gauss = useGauss(scope);
  const themes = useThemesStats(scope);
  const general = useThemesStatsGeneral(scope);
  const columns = useThemeColumns(scope);
  // Asked for with the statistics, and waited for: the card, above the charts, would push them
  // down when it arrived (layout shift). Without an estimate the page still shows.
  const estimate = useScoreEstimate(subject.subjectId);
  const title = t('pages.statistics.title', { ns: 'translation' });
  const queries = [stats, gauss, themes, general, columns];
  const isLoading =
    queries.some((query) => query.isPending) || estimate.isPending || subject.isLoading;
  // The page is drawn in a background render, which yields to the browser every few milliseconds,
  // rather than in one long task when the data arrives (Lighthouse's blocking time).
  const isShown = useDeferredValue(!isLoading, false) && !isLoading;

  if (subject.subjectId === null) {
    return (
      <PageShell title={title} description={t('noSubject')}>
        <Link to="/materias">{t('chooseSubject')}</Link>
      </PageShell>
    );
  }
  if (!isShown) return <FullPageSpinner />;
  const failed = queries.find((query) => query.isError);
  if (failed) {
    if (isApiRequestError(failed.error) && failed.error.handled) return <FullPageSpinner />;
    return <LoadError onRetry={() => queries.forEach((query) => void query.refetch())} />;
  }

  function review(source: 'own' | 'general', limit?: number) {
    updateControl({ wrongSource: source });
    void navigate(`/revision?source=${source}${limit === undefined ? '' : `&limit=${limit}`}`);
  }

  const summary = stats.data!;
  return (
    <section className="page statistics-page">
      <EnginePageHeader title={title} control={subject.control} onBack={() => void navigate(-1)} />

      <div className="stats-banner">
        <div>
          <h2 className="stats-banner__title">{subject.name ?? title}</h2>
          <p className="stats-banner__text">
            {summary.last_attempt_at
              ? t('banner.text', {
                  count: summary.attempts,
                  date: formatDate(summary.last_attempt_at),
                })
              : t('banner.none')}
          </p>
        </div>
        <PlainSegmented<TypeFilter>
          label={t('filter.label')}
          value={filter}
          onChange={setFilter}
          options={[
            { value: 'all', label: t('filter.all') },
            { value: 'custom', label: t('filter.custom') },
            { value: 'official', label: t('filter.official') },
            { value: 'wrong_answers', label: t('filter.wrong_answers') },
          ]}
        />
      </div>

      <nav className="statistics-page__history" aria-label={t('history.label')}>
        <span>{t('history.label')}:</span>
        {HISTORY_LINKS.map((link) => (
          <Link key={link.kind} to={`${link.to}?subject_id=${subject.subjectId}`}>
            {t(`history.${link.kind}`)}
          </Link>
        ))}
      </nav>

      {subject.hasAccess && (
        <section className="statistics-page__review" aria-labelledby="statistics-review-title">
          <h2 id="statistics-review-title" className="statistics-page__review-title">
            {t('review.title')}
          </h2>
          <div className="statistics-review">
            <div className="statistics-review__option">
              <PlainButton variant="primary" onClick={() => review('own')}>
                {t('review.own')}
              </PlainButton>
              <p className="statistics-review__hint">
                {t('review.ownHint', { count: WRONG_ANSWERS_SET })}{' '}
                <button
                  type="button"
                  className="statistics-review__more"
                  onClick={() => review('own', WRONG_ANSWERS_MORE)}
                >
                  {t('review.ownMore', { count: WRONG_ANSWERS_MORE })}
                </button>
              </p>
            </div>
            <div className="statistics-review__option">
              <PlainButton onClick={() => review('general')}>{t('review.general')}</PlainButton>
              <p className="statistics-review__hint">
                {t('review.generalHint', { count: WRONG_ANSWERS_SET })}
              </p>
            </div>
          </div>
        </section>
      )}

      <ScoreEstimateCard estimate={estimate.data} subjectId={subject.subjectId} />

      <ChartGrid>
        <AverageCard stats={summary} />
        <GaussCard gauss={gauss.data!} />
        <ThemesRadialCard themes={themes.data!} />
        <ThemeColumnsCard columns={columns.data!} />
        <ThemesBarCard themes={themes.data!} general={general.data!} />
      </ChartGrid>
    </section>
  );
}
