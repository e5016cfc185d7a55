import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import type { ResetPasswordRequest } from '@ensaya/core/contracts/accounts';
import { api } from '../../../../lib/api-client.ts';

/** `POST api/reset-password`: 422 with `errors.token` when the token is bad, used or expired. */
export async function resetPassword(body: ResetPasswordRequest): Promise<string> {
  return (await api.post<MessageResponse>('/api/reset-password', body)).message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
