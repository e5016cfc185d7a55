import { useMutation } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../../lib/api-client.ts';

/** The account and the token the registration or the login answered for it (30 minutes). */
export type ResendTarget = { userId: number | string; token: string };

/**
 * `GET api/me/{id}/resend-verification?token=`: public and throttled; the same answer for any id,
 * 403 (with the server's message) once the token has expired.
 */
export async function resendVerification({ userId, token }: ResendTarget): Promise<string> {
  const response = await api.get<MessageResponse>(
    `/api/me/${encodeURIComponent(String(userId))}/resend-verification`,
    // The link says 'Too many attempts.' beside itself rather than in a passing notice.
    { query: { token }, handledByCaller: [HttpStatus.tooManyRequests] },
  );
  return response.message;
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
