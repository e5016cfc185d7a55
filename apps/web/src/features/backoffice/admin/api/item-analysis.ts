import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ItemAnalysisDetail, ItemAnalysisList } from '@ensaya/core/contracts/item-analysis';
import { api } from '../../../../lib/api-client.ts';

export type {
  ItemAnalysisDetail,
  ItemAnalysisList,
  ItemAnalysisRow,
} from '@ensaya/core/contracts/item-analysis';

export type ItemAnalysisParams = {
  period_id: number;
  page: number;
  per_page: number;
  sort: string;
  order: 'asc' | 'desc';
  flagged?: 'true';
};

/** `GET /api/admin/item-analysis`: a period's questions with their figures. */
export function useItemAnalysisList(params: ItemAnalysisParams | undefined) {
  return useQuery({
    queryKey: ['admin', 'item-analysis', 'list', params],
    queryFn: () => api.get<ItemAnalysisList>('/api/admin/item-analysis', { query: params }),
    enabled: params !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/admin/item-analysis/{id}?period_id=`: one question, its options and comments. */
export function useItemAnalysisDetail(stemId: number | undefined, periodId: number | undefined) {
  return useQuery({
    queryKey: ['admin', 'item-analysis', 'detail', stemId, periodId],
    queryFn: async () =>
      (
        await api.get<{ data: ItemAnalysisDetail }>(`/api/admin/item-analysis/${stemId}`, {
          query: { period_id: periodId },
        })
      ).data,
    enabled: stemId !== undefined && periodId !== undefined,
  });
}
