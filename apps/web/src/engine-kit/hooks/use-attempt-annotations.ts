import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TextRange } from '@ensaya/core/engine/annotations';
import { showApiError } from '../../lib/api-client.ts';
import {
  annotationsQueryKey,
  annotationsQueryOptions,
  saveAnnotations,
  type StoredAnnotations,
} from '../api/annotations.ts';
import {
  AnnotationSaver,
  annotationStateOf,
  clearHighlights,
  toggleHighlight,
  toggleStrike,
  type AnnotationState,
} from '../lib/annotations.ts';

/**
 * The crossed-out choices and highlights of a running attempt: read with the
 * attempt, changed at once on screen and saved whole in the background (`AnnotationSaver`). A
 * change made before the stored state arrives is kept over it (it is newer).
 */
export function useAttemptAnnotations(attemptId: number) {
  const queryClient = useQueryClient();
  const stored = useQuery(annotationsQueryOptions(attemptId));
  const [local, setLocal] = useState<AnnotationState | null>(null);
  const state = useMemo(() => local ?? annotationStateOf(stored.data), [local, stored.data]);
  const localRef = useRef<AnnotationState | null>(null);
  const storedRef = useRef(stored.data);

  const [saver] = useState(
    () =>
      new AnnotationSaver({
        send: async (body) => {
          await saveAnnotations(attemptId, body);
          // A remount of the page (same tab) starts from what the server holds now.
          queryClient.setQueryData<StoredAnnotations>(annotationsQueryKey(attemptId), body);
        },
        onError: showApiError,
      }),
  );
  useEffect(() => {
    storedRef.current = stored.data;
    if (stored.data) saver.observeSeq(stored.data.seq);
  }, [saver, stored.data]);
  useEffect(() => {
    saver.open();
    return () => saver.close();
  }, [saver]);

  const change = useCallback(
    (update: (current: AnnotationState) => AnnotationState) => {
      const next = update(localRef.current ?? annotationStateOf(storedRef.current));
      localRef.current = next;
      setLocal(next);
      saver.save(next);
    },
    [saver],
  );

  const onToggleStrike = useCallback(
    (stemId: number, choiceId: number) => change((s) => toggleStrike(s, stemId, choiceId)),
    [change],
  );
  const onToggleHighlight = useCallback(
    (contextId: number, range: TextRange) => change((s) => toggleHighlight(s, contextId, range)),
    [change],
  );
  const onClearHighlights = useCallback(
    (contextId: number) => change((s) => clearHighlights(s, contextId)),
    [change],
  );
  const flush = useCallback(() => saver.flush(), [saver]);

  return { annotations: state, onToggleStrike, onToggleHighlight, onClearHighlights, flush };
}
