import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { HttpStatus, SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import type { AccountProfile, ProfileAddress } from '@ensaya/core/contracts/account-responses';
import { LOGOUT_CLEARED_KEYS, StorageKey } from '@ensaya/core/storage-keys';
import { api, isApiRequestError } from './api-client.ts';
import { readStored, removeStored } from './storage.ts';

/**
 * Who is logged in, as the server says (`GET /api/me`): the accounts contract's profile, with the
 * country and the address. The route guards, the header and every page read it, so it lives here
 * rather than in one feature. `null` means nobody is logged in.
 */
export type SessionUser = AccountProfile;
export type { ProfileAddress };

export const meQueryKey = ['me'] as const;

const SIGNED_IN_PATTERN = new RegExp(`(?:^|;\\s*)${SIGNED_IN_COOKIE}=`);

/** Whether this browser may hold a signed-in session: the login flag or the server's hint cookie. */
function mayBeSignedIn(): boolean {
  return readStored(StorageKey.isAuthenticated) !== null || SIGNED_IN_PATTERN.test(document.cookie);
}

export async function getMe(): Promise<SessionUser | null> {
  // A visitor: no request, so public pages cost nothing and log no 401.
  if (!mayBeSignedIn()) return null;
  try {
    const response = await api.get<{ data: SessionUser }>('/api/me', {
      handledByCaller: [HttpStatus.unauthorized],
    });
    return response.data;
  } catch (error) {
    if (isApiRequestError(error) && error.status === HttpStatus.unauthorized) {
      // The server knows no session: stored flags that claim one are stale.
      removeStored(LOGOUT_CLEARED_KEYS);
      document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/`;
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60 * 1000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Forgets the user and every cached server read. The user entry is set to `null` rather than
 * removed, so guards see "logged out" at once instead of asking the server again.
 */
export function clearSessionCache(queryClient: QueryClient): void {
  queryClient.setQueryData(meQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
}
