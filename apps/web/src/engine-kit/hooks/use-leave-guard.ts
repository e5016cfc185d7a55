import { useEffect, useRef } from 'react';
import type { AnswerRecord } from '@ensaya/core/contracts/engine';
import { sendLeave } from '../api/leave-attempt.ts';
import { markTestOver, markTestRunning } from '../lib/test-flags.ts';

/** A history entry this page put on top of its own, so the browser's back button stays here. */
const GUARD_KEY = 'ensayaTestGuard';

function isGuard(state: unknown, attemptId: number): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>)[GUARD_KEY] === attemptId
  );
}

/** Leaves scheduled by an unmount, cancelled if the page mounts again at once (StrictMode). */
const scheduledLeaves = new Map<number, number>();

/**
 * Leaving a running test sends it (spec 001, section 4: back navigation, reload or unload), and
 * the student is asked first wherever the browser lets the page ask:
 * - the browser's back button lands on a guard entry this page pushed on top of its own, so the
 *   page stays and `onBack` opens the same confirmation as the page's back button; the guard is
 *   put back for the next press;
 * - a reload or closing the tab gets the browser's own "leave site?" question (`beforeunload`),
 *   and, if the student leaves, the pagehide leave signal (`useLeaveOnPagehide`);
 * - any other way out of the page while the test runs (a link, a redirect) sends the leave
 *   signal as the page goes, so the server sends the test after its grace period.
 * While mounted the header is in its test state; it is full again as soon as the page goes.
 * `isOver` tells whether the test was sent (or is being sent): then nothing is asked or signalled.
 */
export function useLeaveGuard({
  attemptId,
  isOver,
  onBack,
  unsent,
}: {
  attemptId: number;
  isOver: () => boolean;
  onBack: () => void;
  unsent: () => AnswerRecord[];
}): void {
  const latest = useRef({ isOver, onBack, unsent });
  useEffect(() => {
    latest.current = { isOver, onBack, unsent };
  }, [isOver, onBack, unsent]);

  useEffect(() => {
    const scheduled = scheduledLeaves.get(attemptId);
    if (scheduled !== undefined) {
      window.clearTimeout(scheduled);
      scheduledLeaves.delete(attemptId);
    }
    markTestRunning();

    const pushGuard = () =>
      window.history.pushState(
        { ...(window.history.state as object | null), [GUARD_KEY]: attemptId },
        '',
        window.location.href,
      );
    if (!isGuard(window.history.state, attemptId)) pushGuard();

    const onPopState = () => {
      if (latest.current.isOver() || isGuard(window.history.state, attemptId)) return;
      // Back from the guard to this page's own entry: still here. Ask, and guard again.
      pushGuard();
      latest.current.onBack();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (latest.current.isOver()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('beforeunload', onBeforeUnload);
      markTestOver();
      if (latest.current.isOver()) return;
      const records = latest.current.unsent();
      scheduledLeaves.set(
        attemptId,
        window.setTimeout(() => {
          scheduledLeaves.delete(attemptId);
          sendLeave(attemptId, records);
        }, 0),
      );
    };
  }, [attemptId]);
}
