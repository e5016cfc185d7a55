import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileResponse } from '@ensaya/core/contracts/account-responses';
import type { UpdateProfileRequest } from '@ensaya/core/contracts/accounts';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { meQueryKey } from '../../../../lib/session.ts';

export type UpdateProfileBody = z.input<typeof UpdateProfileRequest>;

/** `PATCH api/me`: the personal-data section; 422 `errors.email` when the e-mail is taken. */
export async function updateProfile(body: UpdateProfileBody) {
  return api.patch<UpdateProfileResponse>('/api/me', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
