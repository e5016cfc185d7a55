import { Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { AppHeader } from '../../components/layout/app-header.tsx';
import { useLogout } from '../../features/auth/api/logout.ts';
import { useMe } from '../../lib/session.ts';
import { readStored, useStoredValue, writeStored } from '../../lib/storage.ts';
import '../../lib/core-messages-full.ts';

/** The page layout of every protected route: header and content; the footer comes from the root. */
export function ProtectedLayout() {
  const { data: user } = useMe();
  const logout = useLogout();
  const headerFlag = useStoredValue(StorageKey.header);

  // The full header needs the flag at '1'; a test sets it to '0' while it runs (spec 000,
  // section 4). A student arriving without it (a new tab, cleared storage) gets the full header.
  useLayoutEffect(() => {
    if (readStored(StorageKey.header) === null) writeStored(StorageKey.header, '1');
  }, []);

  return (
    <>
      <AppHeader
        user={user ? { name: user.name, lastName: user.last_name, avatar: user.avatar } : undefined}
        isFull={headerFlag === '1' || headerFlag === null}
        onLogout={() => logout.mutate()}
      />
      <main className="app-main" id="main">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
