import type { AttemptState, StartUserTestRequest } from '@ensaya/core/contracts/engine';
import { api } from '../../lib/api-client.ts';

/**
 * `POST /api/user-tests`: the server checks access (403), selects and orders the questions and
 * sets the deadline. 409 names an attempt in progress in the subject (`in_progress_user_test_id`);
 * 422 with field errors for a bad setup, or with only a message when there are no questions.
 */
export async function startUserTest(body: StartUserTestRequest): Promise<AttemptState> {
  const response = await api.post<{ data: AttemptState }>('/api/user-tests', body);
  return response.data;
}
