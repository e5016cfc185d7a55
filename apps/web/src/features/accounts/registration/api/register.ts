import { useMutation } from '@tanstack/react-query';
import type { RegisterResponse } from '@ensaya/core/contracts/account-responses';
import type { RegisterRequest } from '@ensaya/core/contracts/accounts';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/** What the form sends: the contract's input, before core's schema normalizes it on the server. */
export type RegisterBody = z.input<typeof RegisterRequest>;

export type RegisteredUser = RegisterResponse['data'];

/** `POST api/register`: creates the student and mails the verification link; it does not log in. */
export async function register(body: RegisterBody): Promise<RegisteredUser> {
  return (await api.post<RegisterResponse>('/api/register', body)).data;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
