import { hashKey, QueryClient, type FetchQueryOptions, type Query } from '@tanstack/react-query';
import { isApiRequestError } from './api-client.ts';

const MAX_RETRIES = 2;

/**
 * How long a read started at start-up for the page being opened (app/lazy-page.ts, `data`) counts
 * as fresh when that page mounts: the page shows it and does not ask again, even when its query is
 * always stale (`staleTime: 0`, read again on every visit). Visits after that read again as before.
 */
const STARTUP_READ_FRESH_MS = 10_000;
const startupReads = new Set<string>();

/** Client errors (4xx) will not change by asking again; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Asked on every mount (and while rendering): it must not change anything. */
function refetchOnMount(query: Query): boolean {
  return (
    !startupReads.has(query.queryHash) ||
    Date.now() - query.state.dataUpdatedAt > STARTUP_READ_FRESH_MS
  );
}

export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: options.retry === false ? false : shouldRetry, refetchOnMount },
      mutations: { retry: false },
    },
  });
}

/**
 * Starts one of the page's reads at start-up, before the page's chunk has loaded (the route's
 * `data` module, app/lazy-page.ts): when the page mounts it finds the answer, or the request on
 * its way, instead of asking then.
 */
export function prefetchForPage<Data>(
  queryClient: QueryClient,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options
  options: FetchQueryOptions<Data, any, Data, any>,
): Promise<void> {
  startupReads.add(hashKey(options.queryKey));
  return queryClient.prefetchQuery(options);
}
