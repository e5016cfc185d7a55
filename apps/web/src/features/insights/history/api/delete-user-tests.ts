import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteUserTestsRequest } from '@ensaya/core/contracts/statistics';
import { api, apiRequest } from '../../../../lib/api-client.ts';
import { historyQueryKey } from './get-history.ts';

export interface DeleteResult {
  message: string;
  deleted: number;
}

/**
 * `DELETE /api/user-tests/{id}` for one attempt, `DELETE /api/user-tests` with `user_test_ids`
 * for several: the server subtracts them from the statistics in the same transaction.
 */
export async function deleteUserTests(ids: readonly number[]): Promise<DeleteResult> {
  if (ids.length === 1) return api.delete<DeleteResult>(`/api/user-tests/${ids[0]}`);
  const body: DeleteUserTestsRequest = { user_test_ids: [...ids] };
  return apiRequest<DeleteResult>('/api/user-tests', { method: 'DELETE', body });
}

/** Deleting changes the history, the subject cards' counts, the statistics and the dashboard. */
export function useDeleteUserTests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserTests,
    onSuccess: async () => {
      await Promise.all(
        [historyQueryKey, ['subjects'], ['statistics'], ['dashboard']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
