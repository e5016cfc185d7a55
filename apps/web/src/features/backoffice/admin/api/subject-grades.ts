import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { GradeRow } from './types.ts';

const path = (subjectId: number) => `/api/admin/subjects/${subjectId}/grades`;
const key = (subjectId: number) => ['admin', 'subjects', 'grades', subjectId] as const;

/** `GET /api/admin/subjects/{id}/grades`: the subject's grade table. */
export async function getSubjectGrades(subjectId: number): Promise<GradeRow[]> {
  return (await api.get<{ data: GradeRow[] }>(path(subjectId))).data;
}

export function useSubjectGrades(subjectId: number | undefined) {
  return useQuery({
    queryKey: key(subjectId ?? 0),
    queryFn: () => getSubjectGrades(subjectId!),
    enabled: subjectId !== undefined,
  });
}

/** `PUT /api/admin/subjects/{id}/grades`: replaces the whole table. */
export function useSaveSubjectGrades(subjectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grades: GradeRow[]) => api.put<unknown>(path(subjectId), { grades }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(subjectId) }),
  });
}
