import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import type { FeedbackQuestion } from './types.ts';

const PATH = '/api/admin/settings/feedback_builder';
const KEY = ['admin', 'settings', 'feedback_builder'] as const;

/** `GET /api/admin/settings/feedback_builder`: the questions of the cancel-feedback form. */
export async function getFeedbackBuilder(): Promise<FeedbackQuestion[]> {
  return (await api.get<{ data: FeedbackQuestion[] }>(PATH)).data;
}

export function useFeedbackBuilder() {
  return useQuery({ queryKey: KEY, queryFn: getFeedbackBuilder });
}

/** `PUT /api/admin/settings/feedback_builder` with `{ value }`. */
export function useSaveFeedbackBuilder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: FeedbackQuestion[]) => api.put<unknown>(PATH, { value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
