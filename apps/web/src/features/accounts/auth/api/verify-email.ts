import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type {
  MessageResponse,
  VerifyEmailSignInResponse,
} from '@ensaya/core/contracts/account-responses';
import { api } from '../../../../lib/api-client.ts';
import type { SessionUser } from '../../../../lib/session.ts';
import { emailLinkKind } from '../lib/verification-url.ts';

export interface VerifiedEmail {
  message: string;
  /** The student this opening signed in (the first opening of a verification link), else null. */
  user: SessionUser | null;
}

const HANDLED = [HttpStatus.unauthorized, HttpStatus.forbidden, HttpStatus.conflict];

/**
 * Opens a signed e-mail link (already checked by `safeVerificationPath`): 200 with a message when
 * the address is verified or the new address confirmed (also when it already was), 403 when
 * tampered with or expired, 409 when another account took the new address meanwhile. A
 * verification link is POSTed (with the CSRF token): the opening that verifies the address also
 * signs its student in (docs/security.md).
 */
export async function verifyEmail(path: string): Promise<VerifiedEmail> {
  if (emailLinkKind(path) === 'verify') {
    const response = await api.post<VerifyEmailSignInResponse>(path, undefined, {
      handledByCaller: HANDLED,
    });
    return { message: response.message, user: response.data };
  }
  const response = await api.get<MessageResponse>(path, { handledByCaller: HANDLED });
  return { message: response.message, user: null };
}

export const verifyEmailQueryOptions = (path: string | undefined) =>
  queryOptions({
    queryKey: ['verify-email', path],
    queryFn: () => verifyEmail(path!),
    enabled: path !== undefined,
    // A link is used once per visit: no refetch on focus, no retry of a refused signature.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });

export function useVerifyEmail(path: string | undefined) {
  return useQuery(verifyEmailQueryOptions(path));
}
