import type { BeginAttemptResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

/**
 * `POST /api/user-tests/{id}/begin`: the student continued from the instructions; the server starts
 * the clock now (once: beginning again returns the same deadline), and names the questions' content
 * (`content_url`: a timed attempt has none before).
 */
export async function beginAttempt(attemptId: number): Promise<BeginAttemptResponse['data']> {
  const response = await api.post<BeginAttemptResponse>(`/api/user-tests/${attemptId}/begin`);
  return response.data;
}
