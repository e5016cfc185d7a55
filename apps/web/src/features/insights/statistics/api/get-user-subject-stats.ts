import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSubjectStats } from '@ensaya/core/contracts/statistics';
import { api } from '../../../../lib/api-client.ts';
import {
  scopeQuery,
  statisticsQueryKey,
  type StatisticsScope,
} from '../../../../engine-kit/api/statistics-query.ts';

/** `GET /api/user-subject-stats`: the student's sums and count in the subject. */
export async function getUserSubjectStats(scope: StatisticsScope): Promise<UserSubjectStats> {
  return (
    await api.get<{ data: UserSubjectStats }>('/api/user-subject-stats', {
      query: scopeQuery(scope),
    })
  ).data;
}

export const userSubjectStatsQueryOptions = (scope: StatisticsScope) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'user-subject-stats', scope] as const,
    queryFn: () => getUserSubjectStats(scope),
  });

export function useUserSubjectStats(scope: StatisticsScope | null) {
  return useQuery({
    ...userSubjectStatsQueryOptions(scope ?? { subjectId: 0, type: undefined }),
    enabled: scope !== null,
  });
}
