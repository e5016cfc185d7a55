import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CSRF_COOKIE, HttpStatus } from '@ensaya/core/api/http';
import { LOGOUT_CLEARED_KEYS } from '@ensaya/core/storage-keys';
import { api } from '../../../../lib/api-client.ts';
import { deleteCookie } from '../../../../lib/cookies.ts';
import { forgetOfflineData } from '../../../../lib/offline.ts';
import { clearSessionCache } from '../../../../lib/session.ts';
import { removeStored } from '../../../../lib/storage.ts';

export function logout(): Promise<void> {
  return api.post<void>('/api/logout', undefined, {
    // An expired session is logged out already; leaving quietly is right.
    handledByCaller: [HttpStatus.unauthorized, HttpStatus.csrfMismatch],
  });
}

/**
 * Logs out on the server, then forgets everything this browser holds about the session (spec 000,
 * section 4), whatever the server answered: the student asked to leave.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      removeStored(LOGOUT_CLEARED_KEYS);
      forgetOfflineData();
      deleteCookie(CSRF_COOKIE);
      clearSessionCache(queryClient);
      void navigate('/', { replace: true });
    },
  });
}
