import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InProgressAttempt } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

export const inProgressQueryKey = ['user-tests', 'in-progress'] as const;

/**
 * `GET /api/user-tests/in-progress`: the student's attempts still running, the latest first (the
 * server sends first those past their deadline or leave grace).
 */
export async function getInProgressAttempts(): Promise<InProgressAttempt[]> {
  const response = await api.get<{ data: InProgressAttempt[] }>('/api/user-tests/in-progress');
  return response.data;
}

export const inProgressQueryOptions = () =>
  queryOptions({
    queryKey: inProgressQueryKey,
    queryFn: getInProgressAttempts,
    // Read again on every page that shows it: a test may have been sent meanwhile.
    staleTime: 0,
  });

export function useInProgressAttempts(enabled = true) {
  return useQuery({ ...inProgressQueryOptions(), enabled });
}
