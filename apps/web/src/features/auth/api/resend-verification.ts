import { useMutation } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../lib/api-client.ts';

/** `GET api/me/{id}/resend-verification`: public and throttled; the same answer for any id. */
export async function resendVerification(userId: number | string): Promise<string> {
  const response = await api.get<MessageResponse>(
    `/api/me/${encodeURIComponent(String(userId))}/resend-verification`,
    // The link says 'Too many attempts.' beside itself rather than in a passing notice.
    { handledByCaller: [HttpStatus.tooManyRequests] },
  );
  return response.message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
