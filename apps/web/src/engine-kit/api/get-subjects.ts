import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubjectListResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

export type StandardTestSubjects = SubjectListResponse['data'][number];

export const subjectsQueryKey = ['subjects'] as const;

/** `GET /api/subjects`: per standard test, its subject cards with access and tests taken. */
export async function getSubjects(): Promise<StandardTestSubjects[]> {
  return (await api.get<SubjectListResponse>('/api/subjects')).data;
}

export const subjectsQueryOptions = () =>
  queryOptions({ queryKey: subjectsQueryKey, queryFn: getSubjects });

export function useSubjects() {
  return useQuery(subjectsQueryOptions());
}
