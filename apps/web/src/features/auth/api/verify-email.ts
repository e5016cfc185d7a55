import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { MessageResponse } from '@ensaya/core/contracts/account-responses';
import { api } from '../../../lib/api-client.ts';

/**
 * GET of a signed e-mail link (already checked by `safeVerificationPath`): 200 with a message when
 * the address is verified or the new address confirmed (also when it already was), 403 when
 * tampered with or expired, 409 when another account took the new address meanwhile.
 */
export async function verifyEmail(path: string): Promise<string> {
  const response = await api.get<MessageResponse>(path, {
    handledByCaller: [HttpStatus.unauthorized, HttpStatus.forbidden, HttpStatus.conflict],
  });
  return response.message;
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
