import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AnswerRecord } from '@ensaya/core/contracts/engine';
import { attemptQueryKey } from '../api/get-attempt.ts';
import { sendLeave } from '../api/leave-attempt.ts';

/**
 * Closing or reloading the page while the test runs tells the server (spec 001, section 4: leaving
 * submits): it sends the attempt after a grace period unless the attempt is read again, which a
 * reload does. A page restored from the back-forward cache reads it again for the same reason.
 */
export function useLeaveOnPagehide(
  attemptId: number,
  isRunning: boolean,
  unsent: () => AnswerRecord[],
): void {
  const queryClient = useQueryClient();
  const unsentRef = useRef(unsent);

  useEffect(() => {
    unsentRef.current = unsent;
  }, [unsent]);

  useEffect(() => {
    if (!isRunning) return undefined;
    const onPageHide = () => sendLeave(attemptId, unsentRef.current());
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted)
        void queryClient.refetchQueries({ queryKey: attemptQueryKey(attemptId) });
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [attemptId, isRunning, queryClient]);
}
