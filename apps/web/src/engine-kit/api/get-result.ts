import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { AttemptResult, ScoringResponse } from '@ensaya/core/contracts/engine';
import { api, ApiRequestError, isApiRequestError } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { readPendingAnswers, SaveQueue } from '../lib/save-queue.ts';
import { saveAnswers } from './save-answers.ts';
import { isScoring, submitAttempt } from './submit-attempt.ts';

export const resultQueryKey = (id: number) => ['user-tests', id, 'result'] as const;

/**
 * Waits between reads of a result being scored, quick at first; the server's `retry_after_s`
 * (from its backlog) when it asks for longer.
 */
const SCORING_WAITS_MS = [250, 500, 1000, 2000];
/** How long a result being scored is waited for before the page offers to try again. */
const SCORING_PATIENCE_MS = 120_000;

/**
 * The result of an attempt (`GET /api/user-tests/{id}/result`). An attempt still running (409:
 * the student left it by going back, or its page was closed) is sent first, with the answers this
 * browser had not delivered yet: leaving a test submits it (spec 001, section 4). A submit
 * acknowledged and being scored (202) is read again until its result is ready.
 */
export async function getResult(
  id: number,
  { waitsMs = SCORING_WAITS_MS, patienceMs = SCORING_PATIENCE_MS } = {},
): Promise<AttemptResult> {
  const readScored = async (): Promise<AttemptResult> => {
    const giveUpAt = Date.now() + patienceMs;
    for (let round = 0; ; round += 1) {
      const response = await api.get<{ data: AttemptResult } | ScoringResponse>(
        `/api/user-tests/${id}/result`,
      );
      if (!isScoring(response)) return response.data;
      if (Date.now() >= giveUpAt) throw new ApiRequestError(503, i18n.t('errors.resultPending'));
      const wait = Math.max(
        waitsMs[Math.min(round, waitsMs.length - 1)]!,
        response.data.retry_after_s * 1000,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  try {
    return await readScored();
  } catch (error) {
    if (!isApiRequestError(error) || error.status !== HttpStatus.conflict) throw error;
  }
  if (readPendingAnswers(id).length > 0) {
    const queue = new SaveQueue({ attemptId: id, send: (records) => saveAnswers(id, records) });
    await queue.flush();
    queue.dispose();
  }
  return (await submitAttempt(id, 'leave')) ?? readScored();
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
