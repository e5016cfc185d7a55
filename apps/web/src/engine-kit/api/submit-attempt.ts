import type { AttemptEndReason } from '@ensaya/core/engine/timing';
import type { AttemptResult, ScoringResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

type ResultOrScoring = { data: AttemptResult } | ScoringResponse;

/** Whether a result read (or a submit) says the result is still being computed (202). */
export function isScoring(body: ResultOrScoring): body is ScoringResponse {
  return 'status' in body.data && body.data.status === 'scoring';
}

/**
 * `POST /api/user-tests/{id}/submit`, acknowledged at once (`Prefer: respond-async`): the
 * attempt ends now and the server scores it in a batch; null then, and the result page reads the
 * result when it is ready (`getResult`). An attempt sent already gives its result. Idempotent.
 * `reason` says why (the student, the time ran out, leaving); the server checks it by its clock.
 */
export async function submitAttempt(
  attemptId: number,
  reason: AttemptEndReason = 'student',
): Promise<AttemptResult | null> {
  const response = await api.post<ResultOrScoring>(
    `/api/user-tests/${attemptId}/submit`,
    reason === 'student' ? undefined : { reason },
    { headers: { Prefer: 'respond-async' } },
  );
  return isScoring(response) ? null : response.data;
}
