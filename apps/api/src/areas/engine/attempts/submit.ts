import type { AttemptResult } from '@ensaya/core/contracts/engine';
import { SUBMIT_GRACE_SECONDS } from '@ensaya/core/contracts/scheduled-exam';
import { applicationAverage, correctPercentage, scoreAttempt } from '@ensaya/core/engine/scoring';
import { attemptEnd, clockStartOf, type AttemptEndReason } from '@ensaya/core/engine/timing';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { applyAttemptToAggregates, populationChanged } from '../../insights/index.ts';
import { recordReviewAnswers } from '../../learning/index.ts';
import { scheduledKeyWithheldUntil } from '../scheduled-exams/progress.ts';
import type { AttemptConfiguration } from './draws.ts';
import {
  clearAnswers,
  findResult,
  findSubmitState,
  hasClosedWithResults,
  insertThemeCounts,
  listAnswersToScore,
  listAveragedSubjects,
  listDueAttempts,
  listGradeTable,
  listLatestOfficialScores,
  listResultThemes,
  lockForSubmit,
  markSubmitted,
  recordSubmitRequest,
  storeOutcomes,
} from './submit-repo.ts';

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
    const locked = await lockForSubmit(tx, userId, id);
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

    const rows = await listAnswersToScore(tx, userId, id);
    const gradeTable =
      attempt.type === 'official' ? await listGradeTable(tx, attempt.subjectId) : [];
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
      await clearAnswers(tx, userId, id);
    }
    const score = scoreAttempt(questions, {
      type: attempt.type,
      standardTestId: attempt.standardTestId,
      specialNumbers: attempt.specialNumbers,
      gradeTable,
      approvalGrade: locked.approvalGrade,
      approvalRule: locked.approvalRule,
    });

    if (rows.length > 0) await storeOutcomes(tx, userId, id, score.outcomes);
    if (score.themes.length > 0) await insertThemeCounts(tx, userId, id, score.themes);
    const { endedAt: submittedAt, endedBy } = attemptEnd({
      requested: reason,
      now,
      deadlineAt: attempt.deadlineAt,
      leaveRequestedAt: attempt.leaveRequestedAt,
    });
    const totals = {
      totalTestStems: score.total,
      totalCorrect: score.correct,
      totalIncorrect: score.incorrect,
      totalUnanswered: score.unanswered,
      score: score.score,
      passed: score.passed,
    };
    await markSubmitted(tx, userId, id, {
      submittedAt,
      endedBy,
      ...totals,
      pilotCount: score.pilot,
    });
    await applyAttemptToAggregates(
      tx,
      {
        userId,
        subjectId: attempt.subjectId,
        type: attempt.type,
        mode: attempt.mode,
        ...totals,
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
  if (await recordSubmitRequest(db, userId, id, now, reason)) return 'scoring';
  const attempt = await findSubmitState(db, userId, id);
  if (!attempt) throw new AppError(404, 'error.notFound');
  if (attempt.status === 'submitted') return 'submitted';
  if (attempt.submitRequestedAt !== null) return 'scoring';
  throw new AppError(409, 'scheduledExam.notStarted');
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
  const row = await findResult(db, userId, id);
  if (!row) throw new AppError(404, 'error.notFound');
  const { attempt } = row;
  if (attempt.status === 'in_progress' && attempt.submitRequestedAt !== null) {
    return { scoringSince: attempt.submitRequestedAt };
  }
  if (attempt.status !== 'submitted' || !attempt.submittedAt) {
    throw new AppError(409, 'engine.inProgress', { extra: { in_progress_user_test_id: id } });
  }
  const themeRows = await listResultThemes(db, userId, id);
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
  const averaged = await listAveragedSubjects(db, standardTestId);
  if (averaged.length === 0) return null;
  const latest = await listLatestOfficialScores(
    db,
    userId,
    averaged.map((subject) => subject.id),
  );
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
  const due = await listDueAttempts(db, now, leftBefore, scheduledDeadlineBefore, batch);
  for (const attempt of due) {
    const hasLeft = attempt.leaveRequestedAt !== null && attempt.leaveRequestedAt < leftBefore;
    // Left and late: core's attemptEnd tells which came first.
    await submitAttempt(db, attempt.userId, attempt.id, now, hasLeft ? 'leave' : 'time');
  }
  return due.length;
}
