import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewDue, ReviewDueResponse } from '@ensaya/core/contracts/review';
import { api } from '../../lib/api-client.ts';

export const reviewDueQueryKey = ['review-due'] as const;

/** `GET /api/review/due`: the questions to review today, per subject (FSRS, server-side). */
export async function getReviewDue(): Promise<ReviewDue> {
  return (await api.get<ReviewDueResponse>('/api/review/due')).data;
}

export const reviewDueQueryOptions = () =>
  queryOptions({ queryKey: reviewDueQueryKey, queryFn: getReviewDue });

export function useReviewDue() {
  return useQuery(reviewDueQueryOptions());
}

/** Questions due today per subject id (0 when absent). */
export function dueBySubject(due: ReviewDue | undefined): Map<number, number> {
  return new Map((due?.subjects ?? []).map((subject) => [subject.subject_id, subject.due]));
}
