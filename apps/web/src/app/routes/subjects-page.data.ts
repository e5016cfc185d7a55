import type { QueryClient } from '@tanstack/react-query';
import { prefetchForPage } from '../../lib/query-client.ts';
import { reviewDueQueryOptions } from '../../engine-kit/api/get-review-due.ts';
import { scheduledExamsQueryOptions } from '../../features/engine/scheduled-exams/api/scheduled-exams.ts';
import { subjectsQueryOptions } from '../../engine-kit/api/get-subjects.ts';

/**
 * `/materias`'s reads (the cards, the review queue their buttons count, the scheduled ensayos),
 * started with the session check (app/lazy-page.ts, `data`) rather than after the page's chunk.
 */
export function prefetchPageData(queryClient: QueryClient): void {
  void prefetchForPage(queryClient, subjectsQueryOptions());
  void prefetchForPage(queryClient, reviewDueQueryOptions());
  void prefetchForPage(queryClient, scheduledExamsQueryOptions());
}
