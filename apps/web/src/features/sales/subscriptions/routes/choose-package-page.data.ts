import type { QueryClient } from '@tanstack/react-query';
import { prefetchForPage } from '../../../../lib/query-client.ts';
import { packagesQueryOptions } from '../../packages/api/get-packages.ts';
import { mySubscriptionsQueryOptions } from '../api/get-my-subscriptions.ts';

/** `/subscripcion/paquete`'s reads, started with the session check (app/lazy-page.ts, `data`). */
export function prefetchPageData(queryClient: QueryClient): void {
  void prefetchForPage(queryClient, packagesQueryOptions());
  void prefetchForPage(queryClient, mySubscriptionsQueryOptions());
}
