import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gauss } from '@ensaya/core/contracts/statistics';
import { api } from '../../../../lib/api-client.ts';
import {
  scopeQuery,
  statisticsQueryKey,
  type StatisticsScope,
} from '../../../../engine-kit/api/statistics-query.ts';

/** `GET /api/my-percentages-gauss`: the bell curve of every student's % correct in the subject and the student's place on it. */
export async function getGauss(scope: StatisticsScope): Promise<Gauss> {
  return (await api.get<{ data: Gauss }>('/api/my-percentages-gauss', { query: scopeQuery(scope) }))
    .data;
}

export const gaussQueryOptions = (scope: StatisticsScope) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'my-percentages-gauss', scope] as const,
    queryFn: () => getGauss(scope),
  });

export function useGauss(scope: StatisticsScope | null) {
  return useQuery({
    ...gaussQueryOptions(scope ?? { subjectId: 0, type: undefined }),
    enabled: scope !== null,
  });
}
