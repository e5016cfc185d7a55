import { Suspense, useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { AppHeader } from '../../components/layout/app-header.tsx';
import { useLogout } from '../../features/accounts/auth/api/logout.ts';
import { useSubscriptionState } from '../../features/sales/subscriptions/api/get-subscription-state.ts';
import { useHeaderFlagSync } from '../../engine-kit/hooks/use-header-flag-sync.ts';
import { TrialBanner } from '../../features/sales/trial-banner/components/trial-banner.tsx';
import { useReadingSettingsSync } from '../../lib/reading-settings.ts';
import { useMe } from '../../lib/session.ts';
import '../reading.css';
import { readStored, useStoredValue, writeStored } from '../../lib/storage.ts';
import '../../lib/core-messages-full.ts';

/** The signed-in pages' start-up reads (app/lazy-page.ts, `pageData`), loaded with this layout. */
export * as pageData from '../page-data.ts';

/**
 * The page layout of every protected route: header, the trial banner, and content; the footer
 * comes from the root.
 */
export function ProtectedLayout() {
  const { data: user } = useMe();
  const logout = useLogout();
  const headerFlag = useStoredValue(StorageKey.header);
  const isFullHeader = headerFlag === '1' || headerFlag === null;
  const afterLogin = useSubscriptionState(Boolean(user));
  // During a trial, under the header; never while a test runs (the reduced header).
  const isTrial = afterLogin.data?.status === 'Trial';
  const trialDaysLeft = isFullHeader && isTrial ? afterLogin.data!.trial_days_left : null;
  const trialSubscriptionId = isTrial ? (afterLogin.data?.subscription_id ?? null) : null;

  // The full header needs the flag at '1'; a test sets it to '0' while it runs (spec 000,
  // section 4). A student arriving without it (a new tab, cleared storage) gets the full header.
  useLayoutEffect(() => {
    if (readStored(StorageKey.header) === null) writeStored(StorageKey.header, '1');
  }, []);
  // A flag left at '0' by a test page that went away unsent is put right on every load.
  useHeaderFlagSync(Boolean(user));
  // The student's text size and contrast, the same on every device.
  useReadingSettingsSync(Boolean(user));

  return (
    <>
      <AppHeader
        user={user ? { name: user.name, lastName: user.last_name, avatar: user.avatar } : undefined}
        isFull={isFullHeader}
        isAdmin={user?.role === 'admin'}
        onLogout={() => logout.mutate()}
        trialSubscriptionId={trialSubscriptionId}
      />
      {trialDaysLeft !== null && (
        <TrialBanner daysLeft={trialDaysLeft} subscriptionId={trialSubscriptionId} />
      )}
      <main className="app-main" id="main">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
