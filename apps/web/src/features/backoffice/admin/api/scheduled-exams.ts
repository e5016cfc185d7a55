import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminScheduledExam,
  CreateScheduledExamRequest,
} from '@ensaya/core/contracts/scheduled-exam';
import { api } from '../../../../lib/api-client.ts';

const PATH = '/api/admin/scheduled-exams';
const KEY = ['admin', 'scheduled-exams'] as const;

/** `GET /api/admin/scheduled-exams`: every scheduled ensayo, newest first. */
export function useAdminScheduledExams() {
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ data: AdminScheduledExam[] }>(PATH)).data,
    refetchInterval: 30_000,
  });
}

/** `POST /api/admin/scheduled-exams`: the form is drawn once, now. */
export function useCreateScheduledExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateScheduledExamRequest) =>
      (await api.post<{ data: AdminScheduledExam }>(PATH, body, { handledByCaller: [422] })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** `DELETE /api/admin/scheduled-exams/{id}`: cancels one that has not started. */
export function useCancelScheduledExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
