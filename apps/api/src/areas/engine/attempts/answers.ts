import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AnswerRecord, SaveAnswersResponse } from '@ensaya/core/contracts/engine';
import { questionOutcome } from '@ensaya/core/engine/scoring';
import { isRecordedBeforeDeadline, sendsAt } from '@ensaya/core/engine/scheduled-exam';
import { executePrepared, type Db } from '../../../db/client.ts';
import { stemChoices, stems, userTests, userTestStems } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AttemptConfiguration } from './draws.ts';
import { submitAttempt } from './submit.ts';

/** Same picks, whatever the order. */
function sameChoices(a: ReadonlyArray<number>, b: ReadonlyArray<number>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

type QuestionRow = {
  position: number;
  stemId: number;
  isMultiChoice: boolean;
  solutionHtml: string;
  chosen: number[];
  seq: number;
  revealedAt: Date | null;
  choices: Array<{ id: number; correct: boolean }>;
};

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

type FastRow = { stem_id: number; ok: boolean; applied: boolean; open: boolean | null };

/**
 * The common case in one statement and one round trip, with no explicit transaction: an in-progress
 * attempt of the user, begun (or untimed), before its deadline, not in study mode, every record valid (its question in
 * the attempt, its choices of that question, one pick on a single-choice question) and no question
 * revealed. Rows newer than the stored `client_seq` are written; the others are reported not applied.
 *
 * Concurrency with a submit (which holds `FOR UPDATE` on the attempt row while it reads and scores
 * the answers): the attempt row is share-locked by the `attempt` CTE, and the update's condition on
 * it is an uncorrelated subquery (an InitPlan), evaluated before any answer row can be written. So
 * either the save takes the lock first, and the submit waits for it to commit and then sees its
 * rows, or the save waits for the submit to commit, and READ COMMITTED's recheck of a locked row
 * hands it the attempt as submitted: nothing is written and the careful path answers 409.
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
  const input = JSON.stringify(
    [...latest.values()].map((record) => ({
      stem_id: record.stem_id,
      seq: record.seq,
      marked: record.is_marked,
      chosen: [...new Set(record.stem_choice_ids)],
    })),
  );
  const at = now.toISOString();
  const rows = await executePrepared<FastRow>(
    db,
    'save-answers',
    sql`
    with attempt as materialized (
      select status = 'in_progress' and submit_requested_at is null
               and (deadline_at is null or deadline_at > ${at}::timestamptz)
               and coalesce(configuration -> 'study_mode', 'null'::jsonb) in ('false'::jsonb, 'null'::jsonb)
               and ((begun_at is not null
                     and (scheduled_exam_id is null or begun_at <= ${at}::timestamptz))
                    or coalesce(configuration -> 'seconds', 'null'::jsonb) = 'null'::jsonb)
               as open
      from user_tests
      where id = ${id} and user_id = ${userId}
      for share
    ),
    input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as r(stem_id integer, seq bigint, marked boolean, chosen integer[])
    ),
    checked as materialized (
      select input.stem_id, input.seq, input.marked, input.chosen, uts.position,
             uts.position is not null
               and uts.revealed_at is null
               and ((select s.is_multi_choice from stems s where s.id = uts.stem_id)
                    or cardinality(input.chosen) <= 1)
               and not exists (
                 select 1 from unnest(input.chosen) as picked(choice_id)
                 where not exists (
                   select 1 from stem_choices sc
                   where sc.id = picked.choice_id and sc.stem_id = input.stem_id
                 )
               ) as ok
      from input
      left join user_test_stems uts
        on uts.user_test_id = ${id} and uts.stem_id = input.stem_id and uts.user_id = ${userId}
      -- The question's kind is looked up for the records only (a join to stems was planned over
      -- every question of the attempt: 400 buffers instead of 50 per save).
    ),
    updated as (
      update user_test_stems uts
      set chosen_choice_ids = c.chosen,
          is_marked = c.marked,
          client_seq = c.seq,
          answered_at = case when cardinality(c.chosen) > 0 then ${at}::timestamptz end
      from checked c
      where (select open from attempt)
        and not exists (select 1 from checked where ok is not true)
        and uts.user_test_id = ${id} and uts.position = c.position and uts.user_id = ${userId}
        and uts.client_seq < c.seq
        and uts.revealed_at is null
      returning uts.stem_id
    )
    select c.stem_id, c.ok, u.stem_id is not null as applied, (select open from attempt) as open
    from checked c left join updated u on u.stem_id = c.stem_id
  `,
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
    const [attempt] = await tx
      .select({
        status: userTests.status,
        deadlineAt: userTests.deadlineAt,
        begunAt: userTests.begunAt,
        configuration: userTests.configuration,
        scheduledExamId: userTests.scheduledExamId,
        submitRequestedAt: userTests.submitRequestedAt,
      })
      .from(userTests)
      .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
      .for('share');
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
    const rows: QuestionRow[] = await tx
      .select({
        position: userTestStems.position,
        stemId: userTestStems.stemId,
        isMultiChoice: stems.isMultiChoice,
        solutionHtml: stems.solutionHtml,
        chosen: userTestStems.chosenChoiceIds,
        seq: userTestStems.clientSeq,
        revealedAt: userTestStems.revealedAt,
        choices: sql<
          Array<{ id: number; correct: boolean }>
        >`coalesce(json_agg(json_build_object('id', ${stemChoices.id}, 'correct', ${stemChoices.isCorrect})) filter (where ${stemChoices.id} is not null), '[]')`,
      })
      .from(userTestStems)
      .innerJoin(stems, eq(stems.id, userTestStems.stemId))
      .leftJoin(stemChoices, eq(stemChoices.stemId, userTestStems.stemId))
      .where(
        and(
          eq(userTestStems.userTestId, id),
          eq(userTestStems.userId, userId),
          inArray(userTestStems.stemId, stemIds),
        ),
      )
      .groupBy(
        userTestStems.position,
        userTestStems.stemId,
        stems.isMultiChoice,
        stems.solutionHtml,
        userTestStems.chosenChoiceIds,
        userTestStems.clientSeq,
        userTestStems.revealedAt,
      );
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
      const choicesParam = sql`${sql.param(chosen, userTestStems.chosenChoiceIds)}::integer[]`;
      // One indexed statement: newer than the stored record, and the choices unchanged once the
      // question was revealed (a concurrent reveal is seen here, after its row lock).
      const [updated] = await tx
        .update(userTestStems)
        .set({
          chosenChoiceIds: chosen,
          isMarked: record.is_marked,
          clientSeq: record.seq,
          answeredAt: chosen.length > 0 ? now : null,
          revealedAt: reveal
            ? sql`coalesce(${userTestStems.revealedAt}, ${now.toISOString()}::timestamptz)`
            : sql`${userTestStems.revealedAt}`,
        })
        .where(
          and(
            eq(userTestStems.userTestId, id),
            eq(userTestStems.position, row.position),
            eq(userTestStems.userId, userId),
            lt(userTestStems.clientSeq, record.seq),
            sql`(${userTestStems.revealedAt} is null or (${userTestStems.chosenChoiceIds} @> ${choicesParam} and ${userTestStems.chosenChoiceIds} <@ ${choicesParam}))`,
          ),
        )
        .returning({ revealedAt: userTestStems.revealedAt });
      if (!updated && record.seq > row.seq && !row.revealedAt) {
        // Refused though it looked fresh: a concurrent save was newer, or revealed the question.
        const [current] = await tx
          .select({
            seq: userTestStems.clientSeq,
            chosen: userTestStems.chosenChoiceIds,
            revealedAt: userTestStems.revealedAt,
          })
          .from(userTestStems)
          .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.position, row.position)));
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
  const updated = await db
    .update(userTests)
    .set({ leaveRequestedAt: now })
    .where(
      and(
        eq(userTests.id, id),
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        // A scheduled ensayo's attempt is never sent by leaving: its clock is everyone's and runs
        // on, so a student whose page reloads or loses the network comes back to it; what was
        // saved is sent at the deadline (docs/architecture.md, "Grace policy for late answers").
        isNull(userTests.scheduledExamId),
      ),
    )
    .returning({ id: userTests.id });
  if (updated.length === 0) {
    const [exists] = await db
      .select({ id: userTests.id })
      .from(userTests)
      .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
    if (!exists) throw new AppError(404, 'error.notFound');
  }
}
