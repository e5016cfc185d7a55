import type { QueryClient } from '@tanstack/react-query';
import { subscriptionStateQueryOptions } from '../../features/sales/subscriptions/api/get-subscription-state.ts';
import { inProgressQueryOptions } from '../../engine-kit/api/get-in-progress.ts';
import { prefetchForPage } from '../../lib/query-client.ts';

/**
 * The signed-in layout's reads (the trial banner above the page, the attempts in progress),
 * started with the session check (app/lazy-page.ts, `pageData`). The attempts are read again on
 * every later page, as before; this read is the first page's. The reading settings are left to
 * the layout: importing them here split a module of the login page's in two.
 */
export function prefetchPageData(queryClient: QueryClient): void {
  void prefetchForPage(queryClient, subscriptionStateQueryOptions());
  void prefetchForPage(queryClient, inProgressQueryOptions());
}
