import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { api, isApiRequestError } from '../../../lib/api-client.ts';
import { readPendingAnswers, SaveQueue } from '../lib/save-queue.ts';
import { saveAnswers } from './save-answers.ts';
import { submitAttempt } from './submit-attempt.ts';

export const resultQueryKey = (id: number) => ['user-tests', id, 'result'] as const;

/**
 * The result of an attempt (`GET /api/user-tests/{id}/result`). An attempt still running (409:
 * the student left it by going back, or its page was closed) is sent first, with the answers this
 * browser had not delivered yet: leaving a test submits it (spec 001, section 4).
 */
export async function getResult(id: number): Promise<AttemptResult> {
  try {
    const response = await api.get<{ data: AttemptResult }>(`/api/user-tests/${id}/result`);
    return response.data;
  } catch (error) {
    if (!isApiRequestError(error) || error.status !== HttpStatus.conflict) throw error;
  }
  if (readPendingAnswers(id).length > 0) {
    const queue = new SaveQueue({ attemptId: id, send: (records) => saveAnswers(id, records) });
    await queue.flush();
    queue.dispose();
  }
  return submitAttempt(id, 'leave');
}

export const resultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: resultQueryKey(id),
    queryFn: () => getResult(id),
    // A result does not change; one whose keys are withheld says so until the ensayo is over.
    staleTime: (query) => (query.state.data?.key_withheld_until ? 0 : Infinity),
    refetchOnWindowFocus: false,
  });

export function useResult(id: number | null) {
  return useQuery({ ...resultQueryOptions(id ?? 0), enabled: id !== null });
}
