import { Navigate, Outlet } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useMe } from '../../lib/session.ts';
import { readStored } from '../../lib/storage.ts';
import { unauthenticatedTarget } from './unauthenticated-target.ts';

/** Protected routes: the server decides who is logged in (`GET /api/me`). */
export function RequireAuth() {
  const me = useMe();

  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) return <LoadError onRetry={() => void me.refetch()} />;
  if (me.data === null) {
    return <Navigate to={unauthenticatedTarget(readStored(StorageKey.redirect))} replace />;
  }
  return <Outlet />;
}
