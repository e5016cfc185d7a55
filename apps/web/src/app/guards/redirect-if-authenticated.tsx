import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { useMe } from '../../lib/session.ts';
import { paths } from '../paths.ts';

/** Login and registration: a logged-in user has nothing to do there (spec 000, section 2). */
export function RedirectIfAuthenticated() {
  const me = useMe();

  if (me.isPending) return <FullPageSpinner />;
  // When the server cannot be reached the login page still shows; signing in will report the error.
  if (me.data) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
