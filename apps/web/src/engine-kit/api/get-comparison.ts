import { useQuery } from '@tanstack/react-query';
import type { AttemptComparison } from '@ensaya/core/contracts/statistics';
import { api } from '../../lib/api-client.ts';

/**
 * A sent attempt against every student of its kind (`GET /api/user-tests/{id}/comparison`): where
 * it stands and each theme's average. Drills have no population, so they do not ask.
 */
export function useComparison(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['user-tests', id, 'comparison'],
    queryFn: async () =>
      (await api.get<{ data: AttemptComparison }>(`/api/user-tests/${id}/comparison`)).data,
    enabled,
    staleTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
