import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../../lib/api-client.ts';
import { meQueryKey } from '../../../../lib/session.ts';

/** `DELETE api/me/email-change`: drops the pending address; its links stop working. */
export async function cancelEmailChange(): Promise<string> {
  return (await api.delete<UpdateProfileResponse>('/api/me/email-change')).message;
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
