import type { AnswerRecord, AttemptQuestion } from '@ensaya/core/contracts/engine';

/** One question as the student left it. */
export interface AnswerState {
  choiceIds: readonly number[];
  isMarked: boolean;
  /**
   * Study mode: the student asked to see the key (or has seen it), so the choices are final;
   * every record of the question asks the server to reveal it.
   */
  isFinal?: boolean;
}

export type AnswerMap = ReadonlyMap<number, AnswerState>;

const UNANSWERED: AnswerState = { choiceIds: [], isMarked: false };

export function answerOf(answers: AnswerMap, stemId: number): AnswerState {
  return answers.get(stemId) ?? UNANSWERED;
}

/**
 * The answers to show when an attempt opens: the server's, then each change this browser made
 * that the server had not applied yet (a higher sequence number than the server's for that
 * question). Returns those changes too: they still have to be sent.
 */
export function mergeAnswers(
  questions: readonly AttemptQuestion[],
  pending: readonly AnswerRecord[],
): { answers: Map<number, AnswerState>; unsent: AnswerRecord[] } {
  const answers = new Map<number, AnswerState>();
  const serverSeq = new Map<number, number>();
  for (const question of questions) {
    answers.set(question.stem_id, {
      choiceIds: question.chosen_choice_ids,
      isMarked: question.is_marked,
      // A question whose solution came with it was revealed: its answer is final.
      isFinal: question.solution_html !== undefined,
    });
    serverSeq.set(question.stem_id, question.seq);
  }
  const unsent: AnswerRecord[] = [];
  for (const record of pending) {
    const seq = serverSeq.get(record.stem_id);
    if (seq === undefined || record.seq <= seq) continue;
    const server = answers.get(record.stem_id);
    if (server?.isFinal) {
      // Revealed meanwhile: only the mark can still change.
      answers.set(record.stem_id, { ...server, isMarked: record.is_marked });
      unsent.push({ ...record, stem_choice_ids: [...server.choiceIds], reveal: true });
      continue;
    }
    answers.set(record.stem_id, {
      choiceIds: record.stem_choice_ids,
      isMarked: record.is_marked,
      isFinal: record.reveal === true,
    });
    unsent.push(record);
  }
  return { answers, unsent };
}

/**
 * The choices after the student clicks one: a single-choice question keeps only the new pick; a
 * multi-choice question adds or removes it, in the order the choices are shown.
 */
export function toggleChoice(
  question: Pick<AttemptQuestion, 'is_multi_choice' | 'choices'>,
  current: readonly number[],
  choiceId: number,
  isChecked: boolean,
): number[] {
  if (!question.is_multi_choice) return isChecked ? [choiceId] : [];
  const chosen = new Set(current);
  if (isChecked) chosen.add(choiceId);
  else chosen.delete(choiceId);
  return question.choices.map((choice) => choice.id).filter((id) => chosen.has(id));
}

export function toAnswerRecord(stemId: number, state: AnswerState, seq: number): AnswerRecord {
  return {
    stem_id: stemId,
    stem_choice_ids: [...state.choiceIds],
    is_marked: state.isMarked,
    seq,
    ...(state.isFinal ? { reveal: true } : {}),
  };
}

export function isAnswered(state: AnswerState): boolean {
  return state.choiceIds.length > 0;
}
