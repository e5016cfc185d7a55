import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Outcome, ThemeCounts } from '@ensaya/core/engine/scoring';
import type { AttemptEndReason } from '@ensaya/core/engine/timing';
import type { DbOrTx } from '../../../db/client.ts';
import {
  gradeTables,
  scheduledExams,
  stemChoices,
  stems,
  subjects,
  themes,
  userTests,
  userTestStems,
  userTestThemes,
} from '../../../db/schema/index.ts';

// The queries of a submit (submit.ts): the attempt locked and scored in one transaction (`tx`),
// the acknowledgement of a submit, the result read, and the attempts due to be sent.

/**
 * The student's attempt with its subject's approval rule, locked `FOR UPDATE` until the submit's
 * transaction ends: two submits of one attempt close it once, and a save waits for it.
 */
export async function lockForSubmit(tx: DbOrTx, userId: number, id: number) {
  const [locked] = await tx
    .select({
      attempt: userTests,
      approvalGrade: subjects.approvalGrade,
      approvalRule: subjects.approvalRule,
    })
    .from(userTests)
    .innerJoin(subjects, eq(subjects.id, userTests.subjectId))
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
    .for('update', { of: userTests })
    .prepare('submit-lock')
    .execute();
  return locked;
}

/** The attempt's questions in order, each with the answer saved and its key (the correct ids). */
export function listAnswersToScore(tx: DbOrTx, userId: number, id: number) {
  return tx
    .select({
      position: userTestStems.position,
      stemId: userTestStems.stemId,
      themeId: userTestStems.themeId,
      chosen: userTestStems.chosenChoiceIds,
      isPilot: userTestStems.isPilot,
      isMultiChoice: stems.isMultiChoice,
      keyIds: sql<
        number[]
      >`coalesce(array_agg(${stemChoices.id}) filter (where ${stemChoices.isCorrect}), '{}')`,
    })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .leftJoin(stemChoices, eq(stemChoices.stemId, userTestStems.stemId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)))
    .groupBy(
      userTestStems.position,
      userTestStems.stemId,
      userTestStems.themeId,
      userTestStems.chosenChoiceIds,
      userTestStems.isPilot,
      stems.isMultiChoice,
    )
    .orderBy(asc(userTestStems.position))
    .prepare('submit-answers')
    .execute();
}

/** The subject's grade table (correct answers to grade), which an official attempt is scored by. */
export function listGradeTable(tx: DbOrTx, subjectId: number) {
  return tx
    .select({
      goodAnswersQuantity: gradeTables.goodAnswersQuantity,
      grade: gradeTables.grade,
    })
    .from(gradeTables)
    .where(eq(gradeTables.subjectId, subjectId))
    .prepare('grade-table')
    .execute();
}

/** Empties the attempt's answers (a timed attempt sent before its begin: none counts). */
export async function clearAnswers(tx: DbOrTx, userId: number, id: number): Promise<void> {
  await tx
    .update(userTestStems)
    .set({ chosenChoiceIds: [], answeredAt: null })
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)));
}

/** Stores each question's outcome (`is_correct`), all of them in one statement. */
export async function storeOutcomes(
  tx: DbOrTx,
  userId: number,
  id: number,
  outcomes: ReadonlyArray<{ position: number; outcome: Outcome }>,
): Promise<void> {
  const values = sql.join(
    outcomes.map(
      ({ position, outcome }) => sql`(${position}::smallint, ${outcome === 'correct'}::boolean)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update user_test_stems set is_correct = o.correct
    from (values ${values}) as o(position, correct)
    where user_test_stems.user_test_id = ${id} and user_test_stems.user_id = ${userId}
      and user_test_stems.position = o.position
  `);
}

/** Stores the attempt's per-theme counts. */
export async function insertThemeCounts(
  tx: DbOrTx,
  userId: number,
  id: number,
  counts: ReadonlyArray<ThemeCounts>,
): Promise<void> {
  await tx.insert(userTestThemes).values(
    counts.map((theme) => ({
      userId,
      userTestId: id,
      themeId: theme.themeId,
      correct: theme.correct,
      incorrect: theme.incorrect,
      unanswered: theme.unanswered,
    })),
  );
}

export type SubmittedValues = Pick<
  typeof userTests.$inferInsert,
  | 'submittedAt'
  | 'endedBy'
  | 'totalTestStems'
  | 'totalCorrect'
  | 'totalIncorrect'
  | 'totalUnanswered'
  | 'score'
  | 'passed'
  | 'pilotCount'
>;

/** Closes the attempt with its end and score; a pending leave or acknowledged submit is done. */
export async function markSubmitted(
  tx: DbOrTx,
  userId: number,
  id: number,
  values: SubmittedValues,
): Promise<void> {
  await tx
    .update(userTests)
    .set({
      status: 'submitted',
      submittedAt: values.submittedAt,
      endedBy: values.endedBy,
      leaveRequestedAt: null,
      submitRequestedAt: null,
      submitReason: null,
      totalTestStems: values.totalTestStems,
      totalCorrect: values.totalCorrect,
      totalIncorrect: values.totalIncorrect,
      totalUnanswered: values.totalUnanswered,
      score: values.score,
      passed: values.passed,
      pilotCount: values.pilotCount,
    })
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
    .prepare('submit-attempt')
    .execute();
}

/** Whether the ensayo's cohort figures (and its students' review cards) are stored already. */
export async function hasClosedWithResults(tx: DbOrTx, scheduledExamId: number): Promise<boolean> {
  const [row] = await tx
    .select({ computedAt: scheduledExams.resultsComputedAt })
    .from(scheduledExams)
    .where(eq(scheduledExams.id, scheduledExamId));
  return row?.computedAt != null;
}

/**
 * Records when and why a submit was asked for, in one statement, on the student's running attempt
 * if no submit was asked for yet (a scheduled ensayo's from its start on). True when it did.
 */
export async function recordSubmitRequest(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
  reason: AttemptEndReason,
): Promise<boolean> {
  const recorded = await db
    .update(userTests)
    .set({ submitRequestedAt: now, submitReason: reason })
    .where(
      and(
        eq(userTests.id, id),
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        isNull(userTests.submitRequestedAt),
        or(isNull(userTests.scheduledExamId), lte(userTests.begunAt, now)),
      ),
    )
    .returning({ id: userTests.id });
  return recorded.length > 0;
}

/** The student's attempt's status and since when its submit waits, if it does. */
export async function findSubmitState(db: DbOrTx, userId: number, id: number) {
  const [attempt] = await db
    .select({ status: userTests.status, submitRequestedAt: userTests.submitRequestedAt })
    .from(userTests)
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
  return attempt;
}

/** The student's attempt with its subject's name and approval rule and its elective's name. */
export async function findResult(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({
      attempt: userTests,
      subjectName: subjects.name,
      approvalGrade: subjects.approvalGrade,
      approvalRule: subjects.approvalRule,
      electiveName: themes.name,
    })
    .from(userTests)
    .innerJoin(subjects, eq(subjects.id, userTests.subjectId))
    .leftJoin(themes, eq(themes.id, userTests.electiveThemeId))
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
    .prepare('attempt-result')
    .execute();
  return row;
}

/** A sent attempt's per-theme counts, in the subject's theme order. */
export function listResultThemes(db: DbOrTx, userId: number, id: number) {
  return db
    .select({
      themeId: userTestThemes.themeId,
      name: themes.name,
      correct: userTestThemes.correct,
      incorrect: userTestThemes.incorrect,
      unanswered: userTestThemes.unanswered,
    })
    .from(userTestThemes)
    .innerJoin(themes, eq(themes.id, userTestThemes.themeId))
    .where(and(eq(userTestThemes.userTestId, id), eq(userTestThemes.userId, userId)))
    .orderBy(asc(themes.position), asc(themes.id))
    .prepare('attempt-result-themes')
    .execute();
}

/** The standard test's active subjects whose approval rule is `application_average`. */
export function listAveragedSubjects(db: DbOrTx, standardTestId: number) {
  return db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.standardTestId, standardTestId),
        eq(subjects.approvalRule, 'application_average'),
        eq(subjects.isActive, true),
      ),
    );
}

/** The score of the student's latest sent official attempt at each of the subjects. */
export function listLatestOfficialScores(db: DbOrTx, userId: number, subjectIds: number[]) {
  return db
    .selectDistinctOn([userTests.subjectId], {
      subjectId: userTests.subjectId,
      score: userTests.score,
    })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        inArray(userTests.subjectId, subjectIds),
        eq(userTests.type, 'official'),
        eq(userTests.status, 'submitted'),
      ),
    )
    .orderBy(userTests.subjectId, desc(userTests.submittedAt));
}

/**
 * Up to `batch` running attempts due to be sent: past their deadline (a scheduled ensayo's, past
 * `scheduledDeadlineBefore`: its grace), or left before `leftBefore` (a scheduled ensayo's only
 * once begun). Not those whose submit is acknowledged: they are the scorer's (scoring.ts).
 */
export function listDueAttempts(
  db: DbOrTx,
  now: Date,
  leftBefore: Date,
  scheduledDeadlineBefore: Date,
  batch: number,
) {
  return db
    .select({
      id: userTests.id,
      userId: userTests.userId,
      deadlineAt: userTests.deadlineAt,
      leaveRequestedAt: userTests.leaveRequestedAt,
    })
    .from(userTests)
    .where(
      and(
        eq(userTests.status, 'in_progress'),
        isNull(userTests.submitRequestedAt),
        or(
          and(
            isNotNull(userTests.deadlineAt),
            lt(userTests.deadlineAt, now),
            or(
              isNull(userTests.scheduledExamId),
              lt(userTests.deadlineAt, scheduledDeadlineBefore),
            ),
          ),
          and(
            isNotNull(userTests.leaveRequestedAt),
            lt(userTests.leaveRequestedAt, leftBefore),
            or(isNull(userTests.scheduledExamId), lte(userTests.begunAt, now)),
          ),
        ),
      ),
    )
    .limit(batch);
}
