import { useMutation } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../../lib/api-client.ts';

/**
 * `POST api/me/email-change/resend`: the pending address's confirmation link again. 404 when no
 * change is pending; 429 after 1 a minute, said beside the button rather than in a notice.
 */
export async function resendEmailChange(): Promise<string> {
  const response = await api.post<MessageResponse>('/api/me/email-change/resend', undefined, {
    handledByCaller: [HttpStatus.tooManyRequests],
  });
  return response.message;
}

export function useResendEmailChange() {
  return useMutation({ mutationFn: resendEmailChange });
}
