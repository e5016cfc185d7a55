import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedbackQuestion } from '@ensaya/core/contracts/admin';
import { api } from '../../../../lib/api-client.ts';

export type { FeedbackQuestion };

/** `GET api/feedback-builder`: the cancel questionnaire, each question in es and en. */
export async function getFeedbackBuilder(): Promise<FeedbackQuestion[]> {
  return (await api.get<{ data: FeedbackQuestion[] }>('/api/feedback-builder')).data;
}

export const feedbackBuilderQueryOptions = () =>
  queryOptions({ queryKey: ['feedback-builder'] as const, queryFn: getFeedbackBuilder });

export function useFeedbackBuilder() {
  return useQuery(feedbackBuilderQueryOptions());
}
