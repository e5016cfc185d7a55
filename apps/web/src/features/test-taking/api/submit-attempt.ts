import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/user-tests/{id}/submit`: sends the attempt and returns its result (idempotent). */
export async function submitAttempt(attemptId: number): Promise<AttemptResult> {
  const response = await api.post<{ data: AttemptResult }>(`/api/user-tests/${attemptId}/submit`);
  return response.data;
}
