import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import {
  pathAfterLogin,
  subscriptionStateQueryKey,
  type SubscriptionState,
} from '../../features/sales/subscriptions/api/get-subscription-state.ts';
import { useMe } from '../../lib/session.ts';
import { paths } from '../paths.ts';

/**
 * Login and registration: a logged-in user has nothing to do there (spec 000, section 2). They go
 * where the login sends them (section 4: package selection, invoice details or the dashboard) when
 * the subscription state is known, as it is right after a login here: this guard sees the new
 * session before the login page's own navigation lands, and both must agree. An administrator goes
 * to the back office.
 */
export function RedirectIfAuthenticated() {
  const me = useMe();
  const queryClient = useQueryClient();

  if (me.isPending) return <FullPageSpinner />;
  // When the server cannot be reached the login page still shows; signing in will report the error.
  if (me.data) {
    // An administrator has nothing to subscribe to: the back office (as the login page says).
    if (me.data.role === 'admin') return <Navigate to="/admin" replace />;
    const state = queryClient.getQueryData<SubscriptionState>(subscriptionStateQueryKey);
    return <Navigate to={state ? pathAfterLogin(state) : paths.dashboard} replace />;
  }
  return <Outlet />;
}
