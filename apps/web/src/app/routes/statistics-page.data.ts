import type { QueryClient } from '@tanstack/react-query';
import type { PageAddress } from '../lazy-page.ts';
import { prefetchForPage } from '../../lib/query-client.ts';
import { scoreEstimateQueryOptions } from '../../engine-kit/api/get-score-estimate.ts';
import { subjectsQueryOptions } from '../../engine-kit/api/get-subjects.ts';
import { readControl } from '../../engine-kit/lib/control-context.ts';
import { gaussQueryOptions } from '../../features/insights/statistics/api/get-gauss.ts';
import { themeColumnsQueryOptions } from '../../features/insights/statistics/api/get-theme-columns.ts';
import { themesStatsGeneralQueryOptions } from '../../features/insights/statistics/api/get-themes-stats-general.ts';
import { themesStatsQueryOptions } from '../../engine-kit/api/get-themes-stats.ts';
import { userSubjectStatsQueryOptions } from '../../features/insights/statistics/api/get-user-subject-stats.ts';

/**
 * `/estadistica`'s reads for its first screen (every kind of test), started with the session check
 * (app/lazy-page.ts, `data`). The subject is found as `useStatisticsSubject` finds it.
 */
export function prefetchPageData(queryClient: QueryClient, address: PageAddress): void {
  const fromQuery = Number(new URLSearchParams(address.search).get('subject_id'));
  const subjectId =
    Number.isInteger(fromQuery) && fromQuery > 0 ? fromQuery : (readControl()?.subjectId ?? null);
  if (subjectId === null) return;
  const scope = { subjectId, type: undefined };
  void prefetchForPage(queryClient, subjectsQueryOptions());
  void prefetchForPage(queryClient, userSubjectStatsQueryOptions(scope));
  void prefetchForPage(queryClient, gaussQueryOptions(scope));
  void prefetchForPage(queryClient, themesStatsQueryOptions(scope));
  void prefetchForPage(queryClient, themesStatsGeneralQueryOptions(scope));
  void prefetchForPage(queryClient, themeColumnsQueryOptions(scope));
  void prefetchForPage(queryClient, scoreEstimateQueryOptions(subjectId));
}
