import type { AttemptEndReason } from '@ensaya/core/engine/timing';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /api/user-tests/{id}/submit`: sends the attempt and returns its result (idempotent).
 * `reason` says why (the student, the time ran out, leaving); the server checks it by its clock.
 */
export async function submitAttempt(
  attemptId: number,
  reason: AttemptEndReason = 'student',
): Promise<AttemptResult> {
  const response = await api.post<{ data: AttemptResult }>(
    `/api/user-tests/${attemptId}/submit`,
    reason === 'student' ? undefined : { reason },
  );
  return response.data;
}
