import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaxSubjectsResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/**
 * `GET api/packages/{id}/max-subjects`, where {id} is the standard test's (spec 000, section 7):
 * the most subjects a subscription to that test may have, read from the list's first item.
 */
export async function getMaxSubjects(standardTestId: number): Promise<number> {
  const response = await api.get<z.infer<typeof MaxSubjectsResponse>>(
    `/api/packages/${standardTestId}/max-subjects`,
  );
  const first = response.data[0];
  if (!first) throw new Error(`No maximum of subjects for standard test ${standardTestId}`);
  return first.maxSubjects;
}

export const maxSubjectsQueryOptions = (standardTestId: number) =>
  queryOptions({
    queryKey: ['standard-tests', standardTestId, 'max-subjects'],
    queryFn: () => getMaxSubjects(standardTestId),
    staleTime: 5 * 60 * 1000,
  });

export function useMaxSubjects(standardTestId: number) {
  return useQuery(maxSubjectsQueryOptions(standardTestId));
}
