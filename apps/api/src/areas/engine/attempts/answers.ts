import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { questionOutcome } from '@ensaya/core/engine/scoring';
import { isRecordedBeforeDeadline, sendsAt } from '@ensaya/core/engine/scheduled-exam';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  findStoredAnswer,
  isOwnAttempt,
  listQuestionsToSave,
  lockAttemptForSave,
  saveRecordsInOneStatement,
  saveRecord,
  setLeaveRequested,
  type QuestionRow,
} from './answers-repo.ts';
import type { AttemptConfiguration } from './draws.ts';
import { submitAttempt } from './submit.ts';

/** Same picks, whatever the order. */
function sameChoices(a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** A revealed question's solution and the outcome of its final answer. */
function solutionOf(row: QuestionRow, chosen: ReadonlyArray<number>) {
  const keyIds = row.choices.filter((choice) => choice.correct).map((choice) => choice.id);
  return {
    stem_id: row.stemId,
    solution_html: row.solutionHtml,
    correct_choice_ids: keyIds,
    is_correct:
      questionOutcome({ isMultiChoice: row.isMultiChoice, keyIds, chosenIds: [...chosen] }) ===
      'correct',
  };
}

/** 409: the choices of questions whose key the student has seen can no longer change. */
function lockedError(locked: Array<{ field: string; row: QuestionRow }>) {
  return new AppError(409, 'engine.answerLocked', {
    fields: Object.fromEntries(locked.map(({ field }) => [field, ['engine.answerLocked']])),
    extra: {
      locked: locked.map(({ row }) => ({
        ...solutionOf(row, row.chosen),
        stem_choice_ids: row.chosen,
      })),
    },
  });
}

/**
 * `POST api/user-tests/{id}/stems`: saves each question's whole state (choices and mark) as the
 * client holds it. Every record is checked before anything is written: a question of another
 * attempt, a choice of another question or two picks on a single-choice question refuse the whole
 * request (422), and so does a change to the choices of a question already revealed in study mode
 * (409: once the key was shown, the answer is final; the mark may still change). A record older
 * than the stored one (`seq`) is skipped, so retries and reordering are harmless. In study mode a
 * record with `reveal` reveals its answered question in the statement that saves it. The attempt
 * row is share-locked, so a submit waits for the save and the save after a submit sees it sent.
 * After the deadline nothing is saved: the attempt is submitted with what was. Before a timed
 * attempt's begin nothing is saved either (409 `engine.notBegun`): its clock has not started; nor
 * before a scheduled ensayo's start (409 `scheduledExam.notStarted`). A scheduled ensayo's attempt
 * has a grace after its deadline for the records its device made before it (docs/architecture.md,
 * "Grace policy for late answers").
 */
export async function saveAnswers(
  db: Db,
  userId: number,
  id: number,
  records: ReadonlyArray<AnswerRecord>,
  now: Date,
): Promise<SaveAnswersResponse['data']> {
  const latest = latestPerQuestion(records);
  const fast = await saveInOneStatement(db, userId, id, latest, now);
  if (fast) return fast;
  return saveAnswersCarefully(db, userId, id, records, now);
}

/** The latest record per question wins inside one request too (the last one on equal `seq`). */
function latestPerQuestion(records: ReadonlyArray<AnswerRecord>): Map<number, AnswerRecord> {
  const latest = new Map<number, AnswerRecord>();
  for (const record of records) {
    const previous = latest.get(record.stem_id);
    if (!previous || record.seq >= previous.seq) latest.set(record.stem_id, record);
  }
  return latest;
}

/**
 * The common case in one statement and one round trip, with no explicit transaction: an in-progress
 * attempt of the user, begun (or untimed), before its deadline, not in study mode, every record valid (its question in
 * the attempt, its choices of that question, one pick on a single-choice question) and no question
 * revealed. Rows newer than the stored `client_seq` are written; the others are reported not applied.
 *
 * Concurrency with a submit: see the statement (answers-repo.ts). A save that waits for a submit
 * finds the attempt sent and writes nothing; the careful path then answers 409.
 *
 * Anything else (a refusal, study mode, a revealed question, a deadline passed) writes nothing and
 * returns undefined: the careful path then decides, with its exact errors and study-mode semantics.
 */
async function saveInOneStatement(
  db: Db,
  userId: number,
  id: number,
  latest: Map<number, AnswerRecord>,
  now: Date,
): Promise<SaveAnswersResponse['data'] | undefined> {
  const rows = await saveRecordsInOneStatement(
    db,
    userId,
    id,
    [...latest.values()].map((record) => ({
      stem_id: record.stem_id,
      seq: record.seq,
      marked: record.is_marked,
      chosen: [...new Set(record.stem_choice_ids)],
    })),
    now,
  );
  if (rows.length === 0 || rows.some((row) => row.open !== true || !row.ok)) return undefined;
  const applied = new Map(rows.map((row) => [Number(row.stem_id), row.applied]));
  return {
    saved: [...latest.values()].map((record) => ({
      stem_id: record.stem_id,
      seq: record.seq,
      applied: applied.get(record.stem_id) === true,
    })),
    revealed: [],
  };
}

/**
 * Every case, in a transaction: study mode (reveals, locked answers), refusals with their field
 * errors, the deadline (the attempt is submitted with what was saved). Exported for the test that
 * runs one table of cases through both paths (save-paths.test.ts): they must agree.
 */
export async function saveAnswersCarefully(
  db: Db,
  userId: number,
  id: number,
  records: ReadonlyArray<AnswerRecord>,
  now: Date,
): Promise<SaveAnswersResponse['data']> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockAttemptForSave(tx, userId, id);
    if (!attempt) throw new AppError(404, 'error.notFound');
    // Sent, or its submit acknowledged (the attempt ended then): no answer after it.
    if (attempt.status === 'submitted' || attempt.submitRequestedAt !== null) {
      throw new AppError(409, 'engine.submitted');
    }
    // A scheduled ensayo's attempt is begun at the ensayo's start: no answer before it.
    if (attempt.scheduledExamId !== null && (attempt.begunAt?.getTime() ?? 0) > now.getTime()) {
      throw new AppError(409, 'scheduledExam.notStarted');
    }
    let accepted = records;
    if (attempt.deadlineAt && attempt.deadlineAt.getTime() <= now.getTime()) {
      const isScheduled = attempt.scheduledExamId !== null;
      if (!isScheduled || sendsAt(attempt.deadlineAt, true).getTime() <= now.getTime()) {
        return 'deadline' as const;
      }
      // The grace of a scheduled ensayo (docs/architecture.md, "Grace policy for late answers"):
      // only what the device recorded before the deadline; the server sends it after the grace.
      const deadlineAt = attempt.deadlineAt;
      accepted = records.filter((record) => isRecordedBeforeDeadline(record.seq, deadlineAt));
      if (accepted.length === 0) throw new AppError(409, 'engine.deadlinePassed');
    }
    // A timed attempt takes answers once its clock runs: none during the instructions.
    const { seconds } = attempt.configuration as AttemptConfiguration;
    if (attempt.begunAt === null && seconds != null) throw new AppError(409, 'engine.notBegun');

    const latest = latestPerQuestion(accepted);
    const stemIds = [...latest.keys()];
    const rows = await listQuestionsToSave(tx, userId, id, stemIds);
    const byStem = new Map(rows.map((row) => [row.stemId, row]));
    const fields: Record<
      string,
      ['engine.notInAttempt' | 'engine.choiceNotInQuestion' | 'engine.singleChoice']
    > = {};
    const locked: Array<{ field: string; row: QuestionRow }> = [];
    for (const [stemId, record] of latest) {
      const row = byStem.get(stemId);
      const field = `stems.${records.indexOf(record)}`;
      if (!row) fields[field] = ['engine.notInAttempt'];
      else if (
        record.stem_choice_ids.some((choiceId) => !row.choices.some((c) => c.id === choiceId))
      ) {
        fields[field] = ['engine.choiceNotInQuestion'];
      } else if (!row.isMultiChoice && new Set(record.stem_choice_ids).size > 1) {
        fields[field] = ['engine.singleChoice'];
      } else if (
        row.revealedAt &&
        record.seq > row.seq &&
        !sameChoices(row.chosen, record.stem_choice_ids)
      ) {
        locked.push({ field, row });
      }
    }
    const [firstProblem] = Object.values(fields);
    if (firstProblem) throw new AppError(422, firstProblem[0], { fields });
    if (locked.length > 0) throw lockedError(locked);

    const studyMode = (attempt.configuration as AttemptConfiguration).study_mode;
    const saved: SaveAnswersResponse['data']['saved'] = [];
    const revealed: SaveAnswersResponse['data']['revealed'] = [];
    for (const [stemId, record] of latest) {
      const row = byStem.get(stemId)!;
      const chosen = [...new Set(record.stem_choice_ids)];
      const reveal = studyMode && record.reveal === true && chosen.length > 0;
      const updated = await saveRecord(
        tx,
        userId,
        id,
        row.position,
        { chosen, marked: record.is_marked, seq: record.seq, reveal },
        now,
      );
      if (!updated && record.seq > row.seq && !row.revealedAt) {
        // Refused though it looked fresh: a concurrent save was newer, or revealed the question.
        const current = await findStoredAnswer(tx, id, row.position);
        if (current && current.revealedAt && current.seq < record.seq) {
          throw lockedError([
            { field: `stems.${records.indexOf(record)}`, row: { ...row, ...current } },
          ]);
        }
      }
      saved.push({ stem_id: stemId, seq: record.seq, applied: updated !== undefined });
      const isRevealed = updated ? updated.revealedAt !== null : row.revealedAt !== null;
      if (studyMode && isRevealed) {
        revealed.push(solutionOf(row, updated ? chosen : row.chosen));
      }
    }
    // Records refused by the grace (recorded after the deadline) are answered, not applied.
    for (const [stemId, record] of latestPerQuestion(records)) {
      if (!latest.has(stemId)) saved.push({ stem_id: stemId, seq: record.seq, applied: false });
    }
    return { saved, revealed };
  });
  if (outcome === 'deadline') {
    await submitAttempt(db, userId, id, now, 'time');
    throw new AppError(409, 'engine.deadlinePassed');
  }
  return outcome;
}

/**
 * `POST api/user-tests/{id}/leave`: the page is going away (closed, or reloading). The attempt is
 * submitted after the grace period unless it is opened again before that.
 */
export async function requestLeave(db: Db, userId: number, id: number, now: Date) {
  // A scheduled ensayo's attempt is never sent by leaving: its clock is everyone's and runs on, so
  // a student whose page reloads or loses the network comes back to it; what was saved is sent at
  // the deadline (docs/architecture.md, "Grace policy for late answers").
  if (await setLeaveRequested(db, userId, id, now)) return;
  if (!(await isOwnAttempt(db, userId, id))) throw new AppError(404, 'error.notFound');
}
