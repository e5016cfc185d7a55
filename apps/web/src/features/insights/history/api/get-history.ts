import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HistoryResponse, HistorySort, StatsKind } from '@ensaya/core/contracts/statistics';
import { HISTORY_PAGE_SIZE } from '@ensaya/core/statistics/history';
import { api } from '../../../../lib/api-client.ts';

export interface HistoryParams {
  subjectId: number;
  type: StatsKind;
  sort: HistorySort;
  order: 'asc' | 'desc';
  page: number;
}

export const historyQueryKey = ['history'] as const;

/** `GET /api/subjects/{id}/user-tests`: one page of the student's sent attempts, sorted. */
export async function getHistory(params: HistoryParams): Promise<HistoryResponse> {
  return api.get<HistoryResponse>(`/api/subjects/${params.subjectId}/user-tests`, {
    query: {
      type: params.type,
      sort: params.sort,
      order: params.order,
      page: params.page,
      per_page: HISTORY_PAGE_SIZE,
    },
  });
}

export const historyQueryOptions = (params: HistoryParams) =>
  queryOptions({
    queryKey: [...historyQueryKey, params] as const,
    queryFn: () => getHistory(params),
    // The table keeps the page it shows while the next sort or page loads.
    placeholderData: keepPreviousData,
  });

export function useHistory(params: HistoryParams | null) {
  return useQuery({
    ...historyQueryOptions(
      params ?? { subjectId: 0, type: 'custom', sort: 'date', order: 'desc', page: 1 },
    ),
    enabled: params !== null,
  });
}
