import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordResponse } from '@ensaya/core/contracts/account-responses';
import type { ForgotPasswordRequest } from '@ensaya/core/contracts/accounts';
import { api } from '../../../../lib/api-client.ts';

/** `POST api/forgot-password`: the same `status` text whether or not the e-mail is known. */
export async function forgotPassword(body: ForgotPasswordRequest): Promise<string> {
  return (await api.post<ForgotPasswordResponse>('/api/forgot-password', body)).status;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
