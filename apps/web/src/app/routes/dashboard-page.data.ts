import type { QueryClient } from '@tanstack/react-query';
import { prefetchForPage } from '../../lib/query-client.ts';
import { reviewDueQueryOptions } from '../../engine-kit/api/get-review-due.ts';
import { scheduledExamsQueryOptions } from '../../features/engine/scheduled-exams/api/scheduled-exams.ts';
import { scoreEstimateQueryOptions } from '../../engine-kit/api/get-score-estimate.ts';
import { subjectsQueryOptions } from '../../engine-kit/api/get-subjects.ts';
import { diagnosticsQueryOptions } from '../../features/insights/dashboard/api/diagnostics.ts';
import { dashboardQueryOptions } from '../../features/insights/dashboard/api/get-dashboard.ts';

/**
 * `/dashboard`'s reads for its first screen, started with the session check (app/lazy-page.ts,
 * `data`): the charts, the review queue, the score estimate, the subjects, the scheduled ensayos
 * and the first diagnostic. Without it they waited for the page's chunk and its first render, one
 * more round of requests before the cards could show (Lighthouse's largest paint).
 */
export function prefetchPageData(queryClient: QueryClient): void {
  void prefetchForPage(queryClient, dashboardQueryOptions());
  void prefetchForPage(queryClient, reviewDueQueryOptions());
  void prefetchForPage(queryClient, scoreEstimateQueryOptions(null));
  void prefetchForPage(queryClient, subjectsQueryOptions());
  void prefetchForPage(queryClient, scheduledExamsQueryOptions());
  void prefetchForPage(queryClient, diagnosticsQueryOptions());
}
