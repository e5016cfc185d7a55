import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ScheduledExam,
  ScheduledExamKey,
  ScheduledExamResults,
  SealedContent,
} from '@ensaya/core/contracts/scheduled-exam';
import { HttpStatus } from '@ensaya/core/api/http';
import { api } from '../../../../lib/api-client.ts';

/** `GET /api/scheduled-exams`: the ensayos the student may join, soonest first. */
export async function getScheduledExams(): Promise<ScheduledExam[]> {
  return (await api.get<{ data: ScheduledExam[] }>('/api/scheduled-exams')).data;
}

export const scheduledExamsQueryOptions = () =>
  queryOptions({
    queryKey: ['scheduled-exams'] as const,
    queryFn: getScheduledExams,
    // The states move with the clock: read again now and then while a page shows them.
    refetchInterval: 60_000,
  });

export function useScheduledExams() {
  return useQuery(scheduledExamsQueryOptions());
}

export const scheduledExamQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['scheduled-exams', id] as const,
    queryFn: async () =>
      (await api.get<{ data: ScheduledExam }>(`/api/scheduled-exams/${id}`)).data,
  });

export function useScheduledExam(id: number | null) {
  return useQuery({ ...scheduledExamQueryOptions(id ?? 0), enabled: id !== null });
}

/** `POST /api/scheduled-exams/{id}/join`: into the waiting room (twice is once). */
export function useJoinScheduledExam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<{ data: ScheduledExam }>(`/api/scheduled-exams/${id}/join`)).data,
    onSuccess: (exam) => {
      queryClient.setQueryData(scheduledExamQueryOptions(exam.id).queryKey, exam);
      void queryClient.invalidateQueries({ queryKey: scheduledExamsQueryOptions().queryKey });
    },
  });
}

/** `GET /api/scheduled-exams/{id}/sealed`: the form, unreadable without the key. */
export async function getSealedContent(id: number): Promise<SealedContent> {
  return (await api.get<{ data: SealedContent }>(`/api/scheduled-exams/${id}/sealed`)).data;
}

/** `POST /api/scheduled-exams/{id}/key`: the key, from the start; 409 before it. */
export async function getScheduledExamKey(id: number): Promise<ScheduledExamKey> {
  return (
    await api.post<{ data: ScheduledExamKey }>(`/api/scheduled-exams/${id}/key`, undefined, {
      handledByCaller: [HttpStatus.conflict],
    })
  ).data;
}

/** `GET /api/scheduled-exams/{id}/results`: the student's place among everyone who sat it. */
export function useScheduledExamResults(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['scheduled-exams', id, 'results'] as const,
    queryFn: async () =>
      (
        await api.get<{ data: ScheduledExamResults }>(`/api/scheduled-exams/${id}/results`, {
          handledByCaller: [HttpStatus.conflict],
        })
      ).data,
    enabled,
    staleTime: Infinity,
    // 409 while the cohort's figures are worked out: asked again every few seconds.
    retry: false,
    refetchInterval: (query) => (query.state.status === 'error' ? 5000 : false),
  });
}
