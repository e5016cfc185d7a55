import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Attempt, AttemptState } from '@ensaya/core/contracts/engine';
import { withContent } from '@ensaya/core/engine/attempt-content';
import { api } from '../../../../lib/api-client.ts';

/**
 * `GET /api/user-tests/{id}` of a sent attempt: every question with the chosen and the correct
 * choices, `is_correct`, the solution and the mark. Its own key: the test player caches the same
 * address while the attempt runs, without solutions. A sent attempt's questions carry their
 * content themselves (no `content_url`).
 */
export async function getAttemptReview(id: number): Promise<Attempt> {
  return withContent((await api.get<{ data: AttemptState }>(`/api/user-tests/${id}`)).data, null);
}

export const attemptReviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['user-tests', id, 'review'] as const,
    queryFn: () => getAttemptReview(id),
    // A sent attempt does not change, but its withheld keys come later: read it again then.
    staleTime: (query) => (query.state.data?.result?.key_withheld_until ? 0 : Infinity),
  });

export function useAttemptReview(id: number | null) {
  return useQuery({ ...attemptReviewQueryOptions(id ?? 0), enabled: id !== null });
}
