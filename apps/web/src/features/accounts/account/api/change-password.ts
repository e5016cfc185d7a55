import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import type { ChangePasswordRequest } from '@ensaya/core/contracts/accounts';
import { api } from '../../../../lib/api-client.ts';

/** `POST api/change-password`: 400 when the current password is wrong, 422 for a weak new one. */
export async function changePassword(body: ChangePasswordRequest): Promise<string> {
  return (await api.post<MessageResponse>('/api/change-password', body)).message;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
