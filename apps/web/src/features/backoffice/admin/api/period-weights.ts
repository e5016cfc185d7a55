import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { PeriodThemeWeight } from './types.ts';

const path = (periodId: number) => `/api/admin/periods/${periodId}/themes`;
const key = (periodId: number) => ['admin', 'periods', 'weights', periodId] as const;

/** `GET /api/admin/periods/{id}/themes`: every theme of the period's subject with its weight. */
export async function getPeriodWeights(periodId: number): Promise<PeriodThemeWeight[]> {
  return (await api.get<{ data: PeriodThemeWeight[] }>(path(periodId))).data;
}

export function usePeriodWeights(periodId: number) {
  return useQuery({ queryKey: key(periodId), queryFn: () => getPeriodWeights(periodId) });
}

/** `PUT /api/admin/periods/{id}/themes`: whole numbers adding up to 100 (else 422 `weights`). */
export function useSavePeriodWeights(periodId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weights: { theme_id: number; weight: number }[]) =>
      api.put<unknown>(path(periodId), { weights }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(periodId) }),
  });
}
