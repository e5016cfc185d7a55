import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpStatus } from '@ensaya/core/api/http';
import type { LoginRequest } from '@ensaya/core/contracts/auth';
import { StorageKey } from '@ensaya/core/storage-keys';
import { api } from '../../../../lib/api-client.ts';
import { meQueryKey, type SessionUser } from '../../../../lib/session.ts';
import { writeStored } from '../../../../lib/storage.ts';

export async function login(credentials: LoginRequest): Promise<SessionUser> {
  const response = await api.post<{ data: SessionUser }>('/api/login', credentials, {
    // The login form shows these itself, next to the fields.
    handledByCaller: [HttpStatus.unauthorized, HttpStatus.tooManyRequests],
  });
  return response.data;
}

/** The flags the spec keeps in browser storage after a login (spec 000, sections 3 and 4). */
export function rememberLogin(user: SessionUser): void {
  writeStored(StorageKey.isAuthenticated, 'true');
  writeStored(StorageKey.username, user.name);
  writeStored(StorageKey.avatar, user.avatar ?? '');
  writeStored(StorageKey.redirect, '1');
  writeStored(StorageKey.header, '1');
}

/**
 * Logs in, then asks `routeAfterLogin` where the user goes, all before the session is cached: the
 * login route's guard sends a logged-in user to the dashboard as soon as it sees one.
 */
export function useLogin(routeAfterLogin: (user: SessionUser) => Promise<string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest) => {
      const user = await login(credentials);
      return { user, route: await routeAfterLogin(user) };
    },
    onSuccess: ({ user }) => {
      rememberLogin(user);
      // The server has just told us who is logged in: no need to ask `GET /api/me` again.
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
