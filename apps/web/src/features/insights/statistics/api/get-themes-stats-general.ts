import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeneralThemeStats } from '@ensaya/core/contracts/statistics';
import { api } from '../../../../lib/api-client.ts';
import {
  scopeQuery,
  statisticsQueryKey,
  type StatisticsScope,
} from '../../../../engine-kit/api/statistics-query.ts';

/** `GET /api/themes-stats-general`: per theme, all students together and the mean student's %. */
export async function getThemesStatsGeneral(scope: StatisticsScope): Promise<GeneralThemeStats[]> {
  return (
    await api.get<{ data: GeneralThemeStats[] }>('/api/themes-stats-general', {
      query: scopeQuery(scope),
    })
  ).data;
}

export const themesStatsGeneralQueryOptions = (scope: StatisticsScope) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'themes-stats-general', scope] as const,
    queryFn: () => getThemesStatsGeneral(scope),
  });

export function useThemesStatsGeneral(scope: StatisticsScope | null) {
  return useQuery({
    ...themesStatsGeneralQueryOptions(scope ?? { subjectId: 0, type: undefined }),
    enabled: scope !== null,
  });
}
