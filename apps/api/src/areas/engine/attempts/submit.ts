import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { SUBMIT_GRACE_SECONDS } from '@ensaya/core/contracts/scheduled-exam';
import { applicationAverage, correctPercentage, scoreAttempt } from '@ensaya/core/engine/scoring';
import { attemptEnd, clockStartOf, type AttemptEndReason } from '@ensaya/core/engine/timing';
import type { Db, DbOrTx } from '../../../db/client.ts';
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
import { AppError } from '../../../lib/app-error.ts';
import { applyAttemptToAggregates, populationChanged } from '../../insights/index.ts';
import { recordReviewAnswers } from '../../learning/index.ts';
import { scheduledKeyWithheldUntil } from '../scheduled-exams/progress.ts';
import type { AttemptConfiguration } from './draws.ts';

/**
 * Submits an attempt: scores it with core's rules from the answers saved, stores each question's
 * outcome and the per-theme counts, and updates the statistics aggregates, in one transaction
 * (the rows all students share through the population queue, drained after the commit).
 * Idempotent: a submitted attempt returns its result unchanged. `reason` says why it is sent (the
 * student, the deadline, a leave); core's `attemptEnd` decides, by the server's clock, when and how
 * it ended.
 */
export async function submitAttempt(
  db: Db,
  userId: number,
  id: number,
  now: Date,
  reason: AttemptEndReason = 'student',
): Promise<AttemptResult> {
  if (await closeAttempt(db, userId, id, now, reason)) await populationChanged(db);
  return attemptResult(db, userId, id, now);
}

/**
 * Scores and closes the attempt (`submitAttempt` without the population queue's drain and the
 * result read): true when this call closed it, false when it was closed already. A submit
 * acknowledged before (`requestSubmit`) is scored as of when it was asked for and for its reason,
 * whoever scores it (the scorer, the sweeper, a new start or a synchronous submit).
 */
export async function closeAttempt(
  db: Db,
  userId: number,
  id: number,
  requestNow: Date,
  requestReason: AttemptEndReason = 'student',
): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    if (!locked) throw new AppError(404, 'error.notFound');
    const { attempt } = locked;
    if (attempt.status === 'submitted') return false;
    const now = attempt.submitRequestedAt ?? requestNow;
    const reason = attempt.submitReason ?? requestReason;
    // A scheduled ensayo's attempt is prepared before its start; sent then, its review would show
    // the form and its keys before anyone has begun.
    if (attempt.scheduledExamId !== null && (attempt.begunAt?.getTime() ?? 0) > now.getTime()) {
      throw new AppError(409, 'scheduledExam.notStarted');
    }

    const rows = await tx
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
    const gradeTable =
      attempt.type === 'official'
        ? await tx
            .select({
              goodAnswersQuantity: gradeTables.goodAnswersQuantity,
              grade: gradeTables.grade,
            })
            .from(gradeTables)
            .where(eq(gradeTables.subjectId, attempt.subjectId))
            .prepare('grade-table')
            .execute()
        : [];
    const stemAt = new Map(rows.map((row) => [row.position, row.stemId]));
    // A timed attempt sent before its begin (closed during the instructions, or past the time they
    // may wait) had no clock running: no answer counts, whatever is stored (saves are refused then).
    const { seconds } = attempt.configuration as AttemptConfiguration;
    const ignoresAnswers = attempt.begunAt === null && seconds != null;
    const questions = rows.map((row) => ({
      position: row.position,
      themeId: row.themeId,
      isMultiChoice: row.isMultiChoice,
      keyIds: row.keyIds.map(Number),
      chosenIds: ignoresAnswers ? [] : row.chosen,
      isPilot: row.isPilot,
    }));
    if (ignoresAnswers) {
      await tx
        .update(userTestStems)
        .set({ chosenChoiceIds: [], answeredAt: null })
        .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)));
    }
    const score = scoreAttempt(questions, {
      type: attempt.type,
      standardTestId: attempt.standardTestId,
      specialNumbers: attempt.specialNumbers,
      gradeTable,
      approvalGrade: locked.approvalGrade,
      approvalRule: locked.approvalRule,
    });

    if (rows.length > 0) {
      const outcomes = sql.join(
        score.outcomes.map(
          ({ position, outcome }) =>
            sql`(${position}::smallint, ${outcome === 'correct'}::boolean)`,
        ),
        sql`, `,
      );
      await tx.execute(sql`
        update user_test_stems set is_correct = o.correct
        from (values ${outcomes}) as o(position, correct)
        where user_test_stems.user_test_id = ${id} and user_test_stems.user_id = ${userId}
          and user_test_stems.position = o.position
      `);
    }
    if (score.themes.length > 0) {
      await tx.insert(userTestThemes).values(
        score.themes.map((theme) => ({
          userId,
          userTestId: id,
          themeId: theme.themeId,
          correct: theme.correct,
          incorrect: theme.incorrect,
          unanswered: theme.unanswered,
        })),
      );
    }
    const { endedAt: submittedAt, endedBy } = attemptEnd({
      requested: reason,
      now,
      deadlineAt: attempt.deadlineAt,
      leaveRequestedAt: attempt.leaveRequestedAt,
    });
    await tx
      .update(userTests)
      .set({
        status: 'submitted',
        submittedAt,
        endedBy,
        leaveRequestedAt: null,
        submitRequestedAt: null,
        submitReason: null,
        totalTestStems: score.total,
        totalCorrect: score.correct,
        totalIncorrect: score.incorrect,
        totalUnanswered: score.unanswered,
        score: score.score,
        passed: score.passed,
        pilotCount: score.pilot,
      })
      .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
      .prepare('submit-attempt')
      .execute();
    await applyAttemptToAggregates(
      tx,
      {
        userId,
        subjectId: attempt.subjectId,
        type: attempt.type,
        mode: attempt.mode,
        totalTestStems: score.total,
        totalCorrect: score.correct,
        totalIncorrect: score.incorrect,
        totalUnanswered: score.unanswered,
        score: score.score,
        passed: score.passed,
        submittedAt,
        countsForPopulation: attempt.countsForPopulation,
        themes: score.themes,
        stems: score.outcomes.map(({ position, outcome }) => ({
          stemId: stemAt.get(position)!,
          outcome,
        })),
      },
      1,
    );
    // Spaced review: wrong or marked questions enter the queue; a review session rates.
    // A scheduled ensayo's enter when it closes, for the whole cohort (which questions were wrong
    // is part of the key, withheld while others still sit it), unless it has closed already.
    if (
      attempt.scheduledExamId === null ||
      (await hasClosedWithResults(tx, attempt.scheduledExamId))
    ) {
      await recordReviewAnswers(
        tx,
        { id, userId, mode: attempt.mode, configuration: attempt.configuration },
        submittedAt,
      );
    }
    return true;
  });
}

/** What `requestSubmit` did: recorded the submit, or found the attempt closed already. */
export type SubmitRequest = 'scoring' | 'submitted';

/**
 * Acknowledges a submit without scoring it: records when it was asked for (the attempt's end) and
 * why, in one statement; the scorer (`scoring.ts`) scores it with the rest of its batch. The
 * answers are on the server already (the client sends its queue first), and none is taken after
 * this. Idempotent: asking again changes nothing. 404 for another student's attempt; 409 for a
 * scheduled ensayo's attempt before the ensayo's start.
 */
export async function requestSubmit(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
  reason: AttemptEndReason,
): Promise<SubmitRequest> {
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
  if (recorded.length > 0) return 'scoring';
  const [attempt] = await db
    .select({ status: userTests.status, submitRequestedAt: userTests.submitRequestedAt })
    .from(userTests)
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
  if (!attempt) throw new AppError(404, 'error.notFound');
  if (attempt.status === 'submitted') return 'submitted';
  if (attempt.submitRequestedAt !== null) return 'scoring';
  throw new AppError(409, 'scheduledExam.notStarted');
}

/** Whether the ensayo's cohort figures (and its students' review cards) are stored already. */
async function hasClosedWithResults(tx: DbOrTx, scheduledExamId: number): Promise<boolean> {
  const [row] = await tx
    .select({ computedAt: scheduledExams.resultsComputedAt })
    .from(scheduledExams)
    .where(eq(scheduledExams.id, scheduledExamId));
  return row?.computedAt != null;
}

/**
 * The result of a submitted attempt (`/resultado`). A scheduled ensayo's attempt sent while others
 * still sit it says until when its answer key is withheld (`key_withheld_until`); the score and
 * the counts are given.
 */
export async function attemptResult(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<AttemptResult> {
  const result = await attemptResultOrScoring(db, userId, id, now);
  if ('scoringSince' in result) {
    throw new AppError(409, 'engine.inProgress', { extra: { in_progress_user_test_id: id } });
  }
  return result;
}

/**
 * `attemptResult`, or, while an acknowledged submit waits for the scorer, since when it waits
 * (its place in the queue).
 */
export async function attemptResultOrScoring(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<AttemptResult | { scoringSince: Date }> {
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
  if (!row) throw new AppError(404, 'error.notFound');
  const { attempt } = row;
  if (attempt.status === 'in_progress' && attempt.submitRequestedAt !== null) {
    return { scoringSince: attempt.submitRequestedAt };
  }
  if (attempt.status !== 'submitted' || !attempt.submittedAt) {
    throw new AppError(409, 'engine.inProgress', { extra: { in_progress_user_test_id: id } });
  }
  const themeRows = await db
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
  const keyWithheldUntil =
    attempt.scheduledExamId === null
      ? null
      : await scheduledKeyWithheldUntil(db, attempt.scheduledExamId, now);
  return {
    user_test_id: attempt.id,
    type: attempt.type,
    mode: attempt.mode,
    wrong_source:
      (attempt.configuration as { wrong_source?: 'own' | 'general' | 'review' } | null)
        ?.wrong_source ?? null,
    subject_id: attempt.subjectId,
    subject_name: row.subjectName,
    start: attempt.startedAt.toISOString(),
    end: attempt.submittedAt.toISOString(),
    // The time the clock ran: from the begin (the instructions do not count).
    elapsed_seconds: Math.max(
      0,
      Math.round((attempt.submittedAt.getTime() - clockStartOf(attempt).getTime()) / 1000),
    ),
    ended_by: attempt.endedBy ?? 'student',
    score: attempt.score ?? 0,
    passed: row.approvalRule === 'pass_mark' ? (attempt.passed ?? false) : null,
    approval_grade: row.approvalGrade,
    approval_rule: row.approvalRule,
    application_average:
      row.approvalRule === 'application_average'
        ? await studentApplicationAverage(db, userId, attempt.standardTestId)
        : null,
    total: attempt.totalTestStems,
    pilot_count: attempt.pilotCount,
    elective:
      attempt.electiveThemeId !== null && row.electiveName !== null
        ? { theme_id: attempt.electiveThemeId, name: row.electiveName }
        : null,
    correct: attempt.totalCorrect,
    incorrect: attempt.totalIncorrect,
    unanswered: attempt.totalUnanswered,
    percentage: correctPercentage(attempt.totalCorrect, attempt.totalTestStems),
    themes: themeRows.map((theme) => ({
      theme_id: theme.themeId,
      name: theme.name,
      correct: theme.correct,
      incorrect: theme.incorrect,
      unanswered: theme.unanswered,
    })),
    special_numbers: attempt.specialNumbers,
    key_withheld_until: keyWithheldUntil?.toISOString() ?? null,
  };
}

/**
 * The student's application average (PAES: Competencia Lectora + M1): the latest official grade
 * of each subject whose approval rule is `application_average`, averaged once every one has one.
 */
export async function studentApplicationAverage(
  db: DbOrTx,
  userId: number,
  standardTestId: number,
): Promise<number | null> {
  const averaged = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.standardTestId, standardTestId),
        eq(subjects.approvalRule, 'application_average'),
        eq(subjects.isActive, true),
      ),
    );
  if (averaged.length === 0) return null;
  const latest = await db
    .selectDistinctOn([userTests.subjectId], {
      subjectId: userTests.subjectId,
      score: userTests.score,
    })
    .from(userTests)
    .where(
      and(
        eq(userTests.userId, userId),
        inArray(
          userTests.subjectId,
          averaged.map((subject) => subject.id),
        ),
        eq(userTests.type, 'official'),
        eq(userTests.status, 'submitted'),
      ),
    )
    .orderBy(userTests.subjectId, desc(userTests.submittedAt));
  return applicationAverage(
    latest.map((attempt) => attempt.score ?? 0),
    averaged.length,
  );
}

/**
 * Submits, with what was saved, every attempt whose deadline has passed (a scheduled ensayo's:
 * its deadline and the grace after it) or whose page was left longer than the grace period ago. Several instances may sweep at once: submit is idempotent and
 * locks the attempt. Returns how many were submitted.
 */
export async function sweepDueAttempts(
  db: Db,
  now: Date,
  graceSeconds: number,
  batch = 50,
): Promise<number> {
  const leftBefore = new Date(now.getTime() - graceSeconds * 1000);
  // A scheduled ensayo's attempt takes answers recorded before its deadline during a grace after it.
  const scheduledDeadlineBefore = new Date(now.getTime() - SUBMIT_GRACE_SECONDS * 1000);
  const due = await db
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
        // An acknowledged submit is the scorer's (scoring.ts): it ended when it was asked for.
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
  for (const attempt of due) {
    const hasLeft = attempt.leaveRequestedAt !== null && attempt.leaveRequestedAt < leftBefore;
    // Left and late: core's attemptEnd tells which came first.
    await submitAttempt(db, attempt.userId, attempt.id, now, hasLeft ? 'leave' : 'time');
  }
  return due.length;
}
