import { useQuery } from '@tanstack/react-query';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { api } from '../../../../lib/api-client.ts';

export const subjectSetupQueryKey = (subjectId: number) =>
  ['subjects', subjectId, 'setup'] as const;

/** `GET /api/subjects/{id}/setup`: the subject card with its themes, counts and exam quotas. */
export async function getSubjectSetup(subjectId: number): Promise<SubjectSetup> {
  return (await api.get<{ data: SubjectSetup }>(`/api/subjects/${subjectId}/setup`)).data;
}

export function useSubjectSetup(subjectId: number | null) {
  return useQuery({
    queryKey: subjectSetupQueryKey(subjectId ?? 0),
    queryFn: () => getSubjectSetup(subjectId!),
    enabled: subjectId !== null,
  });
}
