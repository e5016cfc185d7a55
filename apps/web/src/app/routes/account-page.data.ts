import type { QueryClient } from '@tanstack/react-query';
import { prefetchForPage } from '../../lib/query-client.ts';
import { invoicesQueryOptions } from '../../features/sales/billing/api/get-invoices.ts';
import { subscriptionsQueryOptions } from '../../features/sales/billing/api/get-subscriptions.ts';

/**
 * `/cuenta/editar`'s reads (the first page of subscriptions and of invoices; the profile is the
 * session's), started with the session check (app/lazy-page.ts, `data`).
 */
export function prefetchPageData(queryClient: QueryClient): void {
  void prefetchForPage(queryClient, subscriptionsQueryOptions(1));
  void prefetchForPage(queryClient, invoicesQueryOptions(1));
}
