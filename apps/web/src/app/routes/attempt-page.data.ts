import type { QueryClient } from '@tanstack/react-query';
import type { PageAddress } from '../lazy-page.ts';
import {
  attemptContentQueryOptions,
  attemptQueryKey,
  attemptQueryOptions,
  type LoadedAttemptState,
} from '../../engine-kit/api/get-attempt.ts';
import { prefetchForPage } from '../../lib/query-client.ts';

/**
 * A test page's reads (practice, mock exam, historical, wrong answers: engine-kit's AttemptPage),
 * started with the session check (app/lazy-page.ts, `data`): the attempt, and as soon as it names
 * its content, the content. Without it both waited for the page's chunks, then one for the other:
 * the question was the page's last paint by a second on a phone.
 */
export function prefetchPageData(queryClient: QueryClient, address: PageAddress): void {
  // The address's attempt only: without one, the wrong-answers page shows its setup, and the others
  // fall back to the session's last attempt, which they read themselves.
  const attemptId = Number(new URLSearchParams(address.search).get('id'));
  if (!Number.isInteger(attemptId) || attemptId <= 0) return;
  void prefetchForPage(queryClient, attemptQueryOptions(attemptId)).then(() => {
    const state = queryClient.getQueryData<LoadedAttemptState>(attemptQueryKey(attemptId));
    if (state?.status !== 'in_progress' || !state.content_url) return;
    void prefetchForPage(
      queryClient,
      attemptContentQueryOptions(queryClient, attemptId, state.content_url),
    );
  });
}
