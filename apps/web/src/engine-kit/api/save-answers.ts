import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

/**
 * `POST /api/user-tests/{id}/stems`: each question's whole state; the server keeps the newest by
 * `seq`. 409 or 422 once the attempt was sent or its deadline passed.
 */
export async function saveAnswers(
  attemptId: number,
  stems: AnswerRecord[],
): Promise<SaveAnswersResponse['data']> {
  const response = await api.post<SaveAnswersResponse>(`/api/user-tests/${attemptId}/stems`, {
    stems,
  });
  return response.data;
}
