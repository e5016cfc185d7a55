import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import { api } from '../../../../lib/api-client.ts';

/** `GET /api/diagnostics`: the first diagnostic's state per subject the student has access to. */
export async function getDiagnostics(): Promise<DiagnosticSubject[]> {
  return (await api.get<{ data: DiagnosticSubject[] }>('/api/diagnostics')).data;
}

export const diagnosticsQueryOptions = () =>
  queryOptions({ queryKey: ['diagnostics'] as const, queryFn: getDiagnostics });

export function useDiagnostics() {
  return useQuery(diagnosticsQueryOptions());
}

/** `POST /api/subjects/{id}/diagnostic/skip`: "not now", remembered on the server. */
export async function skipDiagnostic(subjectId: number): Promise<DiagnosticSubject> {
  return (await api.post<{ data: DiagnosticSubject }>(`/api/subjects/${subjectId}/diagnostic/skip`))
    .data;
}

export function useSkipDiagnostic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipDiagnostic,
    onSuccess: (skipped) =>
      queryClient.setQueryData<DiagnosticSubject[]>(diagnosticsQueryOptions().queryKey, (list) =>
        list?.map((entry) => (entry.subject_id === skipped.subject_id ? skipped : entry)),
      ),
  });
}
