import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThemeStats } from '@ensaya/core/contracts/statistics';
import { api } from '../../lib/api-client.ts';
import { scopeQuery, statisticsQueryKey, type StatisticsScope } from './statistics-query.ts';

/** `GET /api/themes-stats`: per theme, the student's questions, correct, incorrect and unanswered. */
export async function getThemesStats(scope: StatisticsScope): Promise<ThemeStats[]> {
  return (await api.get<{ data: ThemeStats[] }>('/api/themes-stats', { query: scopeQuery(scope) }))
    .data;
}

export const themesStatsQueryOptions = (scope: StatisticsScope) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'themes-stats', scope] as const,
    queryFn: () => getThemesStats(scope),
  });

export function useThemesStats(scope: StatisticsScope | null) {
  return useQuery({
    ...themesStatsQueryOptions(scope ?? { subjectId: 0, type: undefined }),
    enabled: scope !== null,
  });
}
