import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { BankStem } from '@ensaya/core/engine/selection';
import { anyOf, executePrepared, type DbOrTx } from '../../../db/client.ts';
import {
  periods,
  periodThemes,
  scheduledExams,
  stemChoices,
  stems,
  stemStats,
  subjects,
  themes,
  users,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { hasSubjectAccessSql } from '../../sales/index.ts';

// The queries a start makes: what it must know first, the banks each test mode draws from, and
// the insert of the attempt with its questions.

/** A question as the draws see it (core's `BankStem`). */
const BANK_STEM = {
  id: stems.id,
  themeId: stems.themeId,
  contextId: stems.contextId,
  stemNumber: stems.stemNumber,
};

/**
 * What the start needs to know before choosing, in one query: the subject, its current period,
 * the student's access, their attempt in progress in it, their extra-time accommodation and
 * whether they took the subject's diagnostic.
 */
export async function startHead(db: DbOrTx, userId: number, subjectId: number, now: Date) {
  const [head] = await db
    .select({
      subject: {
        id: subjects.id,
        standardTestId: subjects.standardTestId,
        isActive: subjects.isActive,
      },
      period: periods,
      hasAccess: hasSubjectAccessSql(db, userId, subjectId, now),
      open: sql<{ id: number; deadline_at: string | null; submit_requested: boolean } | null>`(
        select json_build_object('id', o.id, 'deadline_at', o.deadline_at,
                                 'submit_requested', o.submit_requested_at is not null)
        from ${userTests} o
        where o.user_id = ${userId} and o.subject_id = ${subjects.id}
          and o.status = 'in_progress' and o.scheduled_exam_id is null)`,
      extraTimePercent: sql<number | null>`(
        select u.extra_time_percent from ${users} u where u.id = ${userId})`,
      hasDiagnostic: sql<boolean>`exists (
        select 1 from ${userTests} d
        where d.user_id = ${userId} and d.subject_id = "subjects"."id" and d.mode = 'diagnostic')`,
    })
    .from(subjects)
    .leftJoin(periods, and(eq(periods.subjectId, subjects.id), eq(periods.isCurrent, true)))
    .where(eq(subjects.id, subjectId))
    .prepare('start-head')
    .execute();
  return head;
}

export type PeriodRow = typeof periods.$inferSelect;

/** The subject's active questions, in bank order. */
export async function subjectBank(db: DbOrTx, subjectId: number): Promise<BankStem[]> {
  return db
    .select(BANK_STEM)
    .from(stems)
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber))
    .prepare('subject-bank')
    .execute();
}

/**
 * When the student last saw each question of the subject: the latest of their sent attempts that
 * held it (attempt ids grow with time). One query, on the history index and the attempt's rows.
 */
export async function seenStems(
  db: DbOrTx,
  userId: number,
  subjectId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      stemId: userTestStems.stemId,
      lastSeen: sql<number>`max(${userTestStems.userTestId})`.mapWith(Number),
    })
    .from(userTests)
    .innerJoin(
      userTestStems,
      and(eq(userTestStems.userTestId, userTests.id), eq(userTestStems.userId, userTests.userId)),
    )
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        eq(userTests.status, 'submitted'),
      ),
    )
    .groupBy(userTestStems.stemId)
    .prepare('seen-stems')
    .execute();
  return new Map(rows.map((row) => [row.stemId, row.lastSeen]));
}

/** The themes with weight in a period, in the period's order, with each one's weight. */
export async function periodWeights(db: DbOrTx, periodId: number) {
  return db
    .select({
      themeId: periodThemes.themeId,
      weight: periodThemes.weight,
      isElective: themes.isElective,
    })
    .from(periodThemes)
    .innerJoin(themes, eq(themes.id, periodThemes.themeId))
    .where(and(eq(periodThemes.periodId, periodId), gt(periodThemes.weight, 0)))
    .orderBy(asc(periodThemes.id))
    .prepare('period-weights')
    .execute();
}

/** The student's sent attempt in the subject a retake copies, if it is theirs. */
export async function sentAttemptOf(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  attemptId: number,
) {
  const [source] = await db
    .select()
    .from(userTests)
    .where(
      and(
        eq(userTests.id, attemptId),
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        eq(userTests.status, 'submitted'),
      ),
    );
  return source;
}

/** An attempt's questions in its order, each with whether it was a pilot question. */
export async function attemptQuestions(db: DbOrTx, userId: number, attemptId: number) {
  return db
    .select({ ...BANK_STEM, isPilot: userTestStems.isPilot })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(and(eq(userTestStems.userTestId, attemptId), eq(userTestStems.userId, userId)))
    .orderBy(asc(userTestStems.position));
}

/**
 * The student's wrongly answered questions of the subject that are still in the bank. Those of a
 * scheduled ensayo count once it has closed (its figures stored): before, which ones were wrong
 * is part of the key others still sitting it must not get.
 */
export async function ownWrongAnswers(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  limit: number,
): Promise<BankStem[]> {
  return db
    .selectDistinct(BANK_STEM)
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(
      and(
        eq(userTestStems.userId, userId),
        eq(userTestStems.isCorrect, false),
        sql`cardinality(${userTestStems.chosenChoiceIds}) > 0`,
        eq(stems.subjectId, subjectId),
        eq(stems.isActive, true),
        sql`${userTestStems.userTestId} not in (select t.id from ${userTests} t
          join ${scheduledExams} e on e.id = t.scheduled_exam_id
          where t.user_id = ${userId} and e.results_computed_at is null)`,
      ),
    )
    .orderBy(asc(stems.stemNumber))
    .limit(limit);
}

/** The subject's questions most often failed by all students. */
export async function mostFailed(
  db: DbOrTx,
  subjectId: number,
  limit: number,
): Promise<BankStem[]> {
  return db
    .select(BANK_STEM)
    .from(stemStats)
    .innerJoin(stems, eq(stems.id, stemStats.stemId))
    .where(
      and(eq(stemStats.subjectId, subjectId), gt(stemStats.wrong, 0), eq(stems.isActive, true)),
    )
    .orderBy(desc(stemStats.wrong), asc(stems.stemNumber))
    .limit(limit);
}

/** The student's attempt still running in the subject, if any (scheduled ensayos apart). */
export async function openAttempt(db: DbOrTx, userId: number, subjectId: number) {
  const [open] = await db
    .select({
      id: userTests.id,
      deadlineAt: userTests.deadlineAt,
      isSubmitRequested: sql<boolean>`${userTests.submitRequestedAt} is not null`,
    })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.subjectId, subjectId),
        eq(userTests.status, 'in_progress'),
        // A scheduled ensayo's attempt is apart (see the index `user_tests_in_progress_unique`).
        isNull(userTests.scheduledExamId),
      ),
    );
  return open;
}

/** The choice ids of each question, in their authored order. */
export async function choiceIdsByStem(
  db: DbOrTx,
  stemIds: ReadonlyArray<number>,
): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: stemChoices.id, stemId: stemChoices.stemId })
    .from(stemChoices)
    .where(anyOf(stemChoices.stemId, [...stemIds]))
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position))
    .prepare('choice-ids')
    .execute();
  const byStem = new Map<number, number[]>();
  for (const row of rows) byStem.set(row.stemId, [...(byStem.get(row.stemId) ?? []), row.id]);
  return byStem;
}

export type AttemptValues = typeof userTests.$inferInsert;
export type AttemptQuestion = {
  position: number;
  stem_id: number;
  theme_id: number;
  choice_order: number[] | null;
  is_pilot: boolean;
};

/**
 * The attempt and its questions in one statement (one round trip, atomic without a transaction):
 * the questions travel as one JSON parameter instead of 65 rows of parameters. Returns its id.
 */
export async function insertAttempt(
  db: DbOrTx,
  values: AttemptValues,
  questions: ReadonlyArray<AttemptQuestion>,
): Promise<number> {
  const attemptInsert = db.insert(userTests).values(values).returning({ id: userTests.id });
  // Drizzle writes the embedded insert in parentheses, as a CTE wants it.
  const [inserted] = await executePrepared<{ id: number | string }>(
    db,
    'start-insert',
    sql`
      with attempt as ${attemptInsert},
      questions as (
        insert into ${userTestStems}
          (user_id, user_test_id, position, stem_id, theme_id, choice_order, is_pilot)
        select ${values.userId}, attempt.id, q.position, q.stem_id, q.theme_id, q.choice_order,
               q.is_pilot
        from attempt, jsonb_to_recordset(${JSON.stringify(questions)}::jsonb)
          as q(position smallint, stem_id integer, theme_id integer, choice_order integer[],
               is_pilot boolean)
      )
      select id from attempt`,
  );
  return Number(inserted!.id);
}
