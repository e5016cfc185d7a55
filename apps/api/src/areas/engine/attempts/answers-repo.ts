import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { executePrepared, type Db, type DbOrTx } from '../../../db/client.ts';
import { stemChoices, stems, userTests, userTestStems } from '../../../db/schema/index.ts';

// The queries of a save of answers and of a leave (answers.ts): the common save in one statement,
// and the careful path's reads and writes inside its transaction (`tx`).

/** One record as the one-statement save takes it: the question's whole state and its `seq`. */
export type SaveInput = { stem_id: number; seq: number; marked: boolean; chosen: number[] };

/** Per record: whether it is valid, whether it was written, whether the attempt takes answers. */
export type FastRow = { stem_id: number; ok: boolean; applied: boolean; open: boolean | null };

/**
 * The common save in one statement and one round trip (a named prepared statement), with no
 * explicit transaction. The `attempt` CTE says whether the attempt is open to answers: the user's,
 * in progress, no submit asked for, before its deadline, not in study mode, begun (or untimed).
 * Each record is checked (its question in the attempt and not revealed, its choices of that
 * question, one pick on a single-choice question); only when the attempt is open and every record
 * valid are the records newer than the stored `client_seq` written.
 *
 * Concurrency with a submit (which holds `FOR UPDATE` on the attempt row while it reads and scores
 * the answers): the attempt row is share-locked by the `attempt` CTE, and the update's condition on
 * it is an uncorrelated subquery (an InitPlan), evaluated before any answer row can be written. So
 * either the save takes the lock first, and the submit waits for it to commit and then sees its
 * rows, or the save waits for the submit to commit, and READ COMMITTED's recheck of a locked row
 * hands it the attempt as submitted: nothing is written.
 */
export function saveRecordsInOneStatement(
  db: Db,
  userId: number,
  id: number,
  records: ReadonlyArray<SaveInput>,
  now: Date,
): Promise<FastRow[]> {
  const input = JSON.stringify(records);
  const at = now.toISOString();
  return executePrepared<FastRow>(
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
}

/** The student's attempt as a save reads it, share-locked: a submit waits for the save. */
export async function lockAttemptForSave(tx: DbOrTx, userId: number, id: number) {
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
  return attempt;
}

/** A question of the attempt as a save checks a record against it. */
export type QuestionRow = {
  position: number;
  stemId: number;
  isMultiChoice: boolean;
  solutionHtml: string;
  chosen: number[];
  seq: number;
  revealedAt: Date | null;
  choices: Array<{ id: number; correct: boolean }>;
};

/**
 * The attempt's questions among `stemIds`, each with its stored answer, its solution and its
 * choices' ids and keys (none when it is not in the attempt).
 */
export async function listQuestionsToSave(
  tx: DbOrTx,
  userId: number,
  id: number,
  stemIds: number[],
): Promise<QuestionRow[]> {
  return tx
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
}

/**
 * Writes one question's record, in one indexed statement: only when it is newer than the stored
 * one and the choices are unchanged once the question was revealed (a concurrent reveal is seen
 * here, after its row lock). With `reveal`, reveals the question (keeping an earlier reveal's
 * time). Returns the question's reveal time once written, or nothing when it was not.
 */
export async function saveRecord(
  tx: DbOrTx,
  userId: number,
  id: number,
  position: number,
  record: { chosen: number[]; marked: boolean; seq: number; reveal: boolean },
  now: Date,
) {
  const { chosen, reveal } = record;
  const choicesParam = sql`${sql.param(chosen, userTestStems.chosenChoiceIds)}::integer[]`;
  const [updated] = await tx
    .update(userTestStems)
    .set({
      chosenChoiceIds: chosen,
      isMarked: record.marked,
      clientSeq: record.seq,
      answeredAt: chosen.length > 0 ? now : null,
      revealedAt: reveal
        ? sql`coalesce(${userTestStems.revealedAt}, ${now.toISOString()}::timestamptz)`
        : sql`${userTestStems.revealedAt}`,
    })
    .where(
      and(
        eq(userTestStems.userTestId, id),
        eq(userTestStems.position, position),
        eq(userTestStems.userId, userId),
        lt(userTestStems.clientSeq, record.seq),
        sql`(${userTestStems.revealedAt} is null or (${userTestStems.chosenChoiceIds} @> ${choicesParam} and ${userTestStems.chosenChoiceIds} <@ ${choicesParam}))`,
      ),
    )
    .returning({ revealedAt: userTestStems.revealedAt });
  return updated;
}

/** A question's stored answer as it is now (after a concurrent save or reveal). */
export async function findStoredAnswer(tx: DbOrTx, id: number, position: number) {
  const [current] = await tx
    .select({
      seq: userTestStems.clientSeq,
      chosen: userTestStems.chosenChoiceIds,
      revealedAt: userTestStems.revealedAt,
    })
    .from(userTestStems)
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.position, position)));
  return current;
}

/**
 * Records that the page of the student's running attempt is going away; never on a scheduled
 * ensayo's attempt (its clock is everyone's and runs on). True when it did.
 */
export async function setLeaveRequested(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(userTests)
    .set({ leaveRequestedAt: now })
    .where(
      and(
        eq(userTests.id, id),
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        isNull(userTests.scheduledExamId),
      ),
    )
    .returning({ id: userTests.id });
  return updated.length > 0;
}

/** Whether the attempt is the student's. */
export async function isOwnAttempt(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const [exists] = await db
    .select({ id: userTests.id })
    .from(userTests)
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
  return exists !== undefined;
}
