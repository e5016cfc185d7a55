import { useMutation } from '@tanstack/react-query';
import type { AvatarResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../../lib/api-client.ts';

/** `POST api/profile-upload`, multipart with the `file` field; answers the new avatar's path. */
export async function uploadAvatar(file: File): Promise<AvatarResponse> {
  const body = new FormData();
  body.append('file', file);
  return api.post<AvatarResponse>('/api/profile-upload', body);
}

export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
}
