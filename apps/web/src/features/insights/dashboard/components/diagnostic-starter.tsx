import { useEffect, useRef } from 'react';
import { useStartTest } from '../../../../engine-kit/hooks/use-start-test.tsx';

/**
 * Starts a subject's first diagnostic as every setup screen starts a test: the attempt
 * opens, or a test in progress in the subject is offered to resume or send first. Loaded only once
 * the student presses start, so the dashboard's first load stays light.
 */
export function DiagnosticStarter({
  subjectId,
  onSettled,
}: {
  subjectId: number;
  onSettled: () => void;
}) {
  const { start, dialogs } = useStartTest();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start({ subject_id: subjectId, mode: 'diagnostic' }).finally(onSettled);
  }, [start, subjectId, onSettled]);
  return dialogs;
}
