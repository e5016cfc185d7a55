import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttemptQuestion } from '@ensaya/core/contracts/engine';
import { saveAnswers } from '../api/save-answers.ts';
import type { LoadedAttempt } from '../api/get-attempt.ts';
import {
  answerOf,
  mergeAnswers,
  toAnswerRecord,
  toggleChoice,
  type AnswerMap,
  type AnswerState,
} from '../lib/answers.ts';
import {
  readPendingAnswers,
  SaveQueue,
  type LockedAnswer,
  type RevealedSolution,
  type SaveStatus,
} from '../lib/save-queue.ts';

export type SolutionMap = ReadonlyMap<number, RevealedSolution>;

function solutionsFrom(questions: readonly AttemptQuestion[]): Map<number, RevealedSolution> {
  const solutions = new Map<number, RevealedSolution>();
  for (const question of questions) {
    if (question.solution_html !== undefined) {
      solutions.set(question.stem_id, {
        stem_id: question.stem_id,
        solution_html: question.solution_html,
        correct_choice_ids: question.correct_choice_ids ?? [],
        is_correct: question.is_correct ?? null,
      });
    }
  }
  return solutions;
}

/**
 * The answers of a running attempt: shown at once (optimistic), saved through the queue, merged on
 * load with what this browser had not delivered yet. In study mode a question is revealed when a
 * single-choice pick is made, or by `reveal` for a multi-choice one; its choices are final from
 * then on (the server refuses changes), only its mark can change.
 */
export function useAttemptAnswers(
  attempt: LoadedAttempt,
  { onClosed }: { onClosed: (error: unknown) => void },
) {
  const [initial] = useState(() => mergeAnswers(attempt.questions, readPendingAnswers(attempt.id)));
  const [answers, setAnswers] = useState<AnswerMap>(initial.answers);
  const [solutions, setSolutions] = useState<SolutionMap>(() => solutionsFrom(attempt.questions));
  const [saveStatus, setSaveStatus] = useState<SaveStatus>(
    initial.unsent.length > 0 ? 'saving' : 'idle',
  );
  const answersRef = useRef<AnswerMap>(initial.answers);
  const queueRef = useRef<SaveQueue | null>(null);
  const onClosedRef = useRef(onClosed);

  useEffect(() => {
    onClosedRef.current = onClosed;
  }, [onClosed]);

  useEffect(() => {
    const addSolutions = (revealed: readonly RevealedSolution[]) =>
      setSolutions((current) => {
        const next = new Map(current);
        for (const solution of revealed) next.set(solution.stem_id, solution);
        return next;
      });
    // The server kept the answer it had revealed: show it, and save the mark again.
    const keepLocked = (locked: readonly LockedAnswer[]) => {
      addSolutions(locked);
      const map = new Map(answersRef.current);
      for (const answer of locked) {
        const state = {
          ...answerOf(map, answer.stem_id),
          choiceIds: answer.stem_choice_ids,
          isFinal: true,
        };
        map.set(answer.stem_id, state);
        queue.enqueue(toAnswerRecord(answer.stem_id, state, queue.nextSeq()));
      }
      answersRef.current = map;
      setAnswers(map);
    };
    const queue = new SaveQueue({
      attemptId: attempt.id,
      send: (records) => saveAnswers(attempt.id, records),
      onStatus: setSaveStatus,
      onRevealed: addSolutions,
      onLocked: keepLocked,
      onClosed: (error) => onClosedRef.current(error),
    });
    // What the server already applied is dropped; the rest goes out now.
    queue.discardAcknowledged(new Map(attempt.questions.map((q) => [q.stem_id, q.seq])));
    queueRef.current = queue;
    void queue.flush();
    const flushWhenOnline = () => void queue.flush();
    window.addEventListener('online', flushWhenOnline);
    return () => {
      window.removeEventListener('online', flushWhenOnline);
      queue.dispose();
      if (queueRef.current === queue) queueRef.current = null;
    };
  }, [attempt.id, attempt.questions]);

  const update = useCallback((stemId: number, change: (state: AnswerState) => AnswerState) => {
    const next = change(answerOf(answersRef.current, stemId));
    const map = new Map(answersRef.current);
    map.set(stemId, next);
    answersRef.current = map;
    setAnswers(map);
    const queue = queueRef.current;
    queue?.enqueue(toAnswerRecord(stemId, next, queue.nextSeq()));
  }, []);

  const isStudyMode = attempt.study_mode;
  const choose = useCallback(
    (question: AttemptQuestion, choiceId: number, isChecked: boolean) => {
      if (answerOf(answersRef.current, question.stem_id).isFinal) return;
      update(question.stem_id, (state) => ({
        ...state,
        choiceIds: toggleChoice(question, state.choiceIds, choiceId, isChecked),
        // Study mode: a single pick is the answer to check at once.
        isFinal: isStudyMode && !question.is_multi_choice && isChecked,
      }));
    },
    [isStudyMode, update],
  );

  /** Study mode, multi-choice: the picks are complete; show the key (the answer is then final). */
  const reveal = useCallback(
    (stemId: number) => {
      const state = answerOf(answersRef.current, stemId);
      if (!isStudyMode || state.isFinal || state.choiceIds.length === 0) return;
      update(stemId, (current) => ({ ...current, isFinal: true }));
    },
    [isStudyMode, update],
  );

  // Toggling the mark touches only the mark (spec 001, section 4).
  const toggleMark = useCallback(
    (stemId: number) => update(stemId, (state) => ({ ...state, isMarked: !state.isMarked })),
    [update],
  );

  /** Sends what is pending; true once the server has every answer. */
  const flush = useCallback(async () => (await queueRef.current?.flush()) ?? false, []);
  const unsent = useCallback(() => queueRef.current?.pendingRecords() ?? [], []);
  /** The attempt is over: stop saving and forget what was pending. */
  const close = useCallback((options: { keepPending: boolean }) => {
    const queue = queueRef.current;
    if (!queue) return;
    if (!options.keepPending) queue.clear();
    queue.dispose();
  }, []);

  return { answers, solutions, saveStatus, choose, reveal, toggleMark, flush, unsent, close };
}
