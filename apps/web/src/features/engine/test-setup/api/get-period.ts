import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PeriodResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../../../lib/api-client.ts';

export type Period = z.infer<typeof PeriodResponse>['data'];

/** `GET /api/periods/{id}`: the mock exam's duration in minutes and its question count. */
export async function getPeriod(periodId: number): Promise<Period> {
  return (await api.get<z.infer<typeof PeriodResponse>>(`/api/periods/${periodId}`)).data;
}

export function usePeriod(periodId: number | null) {
  return useQuery({
    queryKey: ['periods', periodId ?? 0],
    queryFn: () => getPeriod(periodId!),
    enabled: periodId !== null,
  });
}
