import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThemeColumns } from '@ensaya/core/contracts/statistics';
import { api } from '../../../../lib/api-client.ts';
import {
  scopeQuery,
  statisticsQueryKey,
  type StatisticsScope,
} from '../../../../engine-kit/api/statistics-query.ts';

/** `GET /api/user-theme-stats-column`: the grouped columns: per theme, the student's correct, incorrect and unanswered. */
export async function getThemeColumns(scope: StatisticsScope): Promise<ThemeColumns> {
  return (
    await api.get<{ data: ThemeColumns }>('/api/user-theme-stats-column', {
      query: scopeQuery(scope),
    })
  ).data;
}

export const themeColumnsQueryOptions = (scope: StatisticsScope) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'user-theme-stats-column', scope] as const,
    queryFn: () => getThemeColumns(scope),
  });

export function useThemeColumns(scope: StatisticsScope | null) {
  return useQuery({
    ...themeColumnsQueryOptions(scope ?? { subjectId: 0, type: undefined }),
    enabled: scope !== null,
  });
}
