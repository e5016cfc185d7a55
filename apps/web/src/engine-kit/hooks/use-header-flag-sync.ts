import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { readStored } from '../../lib/storage.ts';
import { useInProgressAttempts } from '../api/get-in-progress.ts';
import { isTestPath } from '../lib/attempt-routes.ts';
import { markTestOver, testMarkedRunningAt } from '../lib/test-flags.ts';

/**
 * The header flag (spec 000, section 4: '0' while a test runs) is never left behind by a test
 * page that went away without sending (a closed tab, the browser's back to another site, a
 * crash): outside the test pages the header is always full, and whenever the server says no
 * attempt runs it is full too. A test page sets it to '0' while it shows a running test.
 */
export function useHeaderFlagSync(isSignedIn: boolean): void {
  const { pathname } = useLocation();
  const running = useInProgressAttempts(isSignedIn);
  // An answer read before this tab started a test says nothing about that test.
  const hasNoneRunning =
    running.data?.length === 0 && running.dataUpdatedAt > testMarkedRunningAt();

  useEffect(() => {
    if (readStored(StorageKey.header) === '1') return;
    if (!isTestPath(pathname) || hasNoneRunning) markTestOver();
  }, [pathname, hasNoneRunning]);
}
