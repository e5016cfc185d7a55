import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PAES_STANDARD_TEST_ID } from '@ensaya/core/engine/scoring';
import { MEASURED_KINDS } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../../db/client.ts';
import {
  gradeTables,
  periods,
  periodThemes,
  subjects,
  themes,
  userSubjectStats,
  userTests,
  userTestThemes,
  userThemeStats,
} from '../../../db/schema/index.ts';

// The score estimate's reads. The student's own rows come from the statistics aggregates through
// their keys (user_subject_stats by its primary key prefix, user_theme_stats by (user_id,
// subject_id, type)); the catalog reads (subjects, grade tables, the current period's themes) are
// the same for every student and go through the statistics read cache. No attempt is scanned.

/** The active PAES subjects in order, with what their approval grade means. */
export function paesSubjects(db: DbOrTx) {
  return db
    .select({
      id: subjects.id,
      name: subjects.name,
      approvalGrade: subjects.approvalGrade,
      approvalRule: subjects.approvalRule,
    })
    .from(subjects)
    .where(and(eq(subjects.standardTestId, PAES_STANDARD_TEST_ID), eq(subjects.isActive, true)))
    .orderBy(asc(subjects.position), asc(subjects.id));
}

/** A subject's grade table, ascending. */
export function gradeTableOf(db: DbOrTx, subjectId: number) {
  return db
    .select({ goodAnswersQuantity: gradeTables.goodAnswersQuantity, grade: gradeTables.grade })
    .from(gradeTables)
    .where(eq(gradeTables.subjectId, subjectId))
    .orderBy(asc(gradeTables.goodAnswersQuantity));
}

/** The subject's current period: its scored items and its themes' mock exam weights. */
export async function currentPeriodOf(db: DbOrTx, subjectId: number) {
  const [period] = await db
    .select({
      id: periods.id,
      questionCount: periods.questionCount,
      pilotCount: periods.pilotCount,
    })
    .from(periods)
    .where(and(eq(periods.subjectId, subjectId), eq(periods.isCurrent, true)));
  if (!period) return null;
  const weights = await db
    .select({
      themeId: themes.id,
      name: themes.name,
      weight: periodThemes.weight,
      isElective: themes.isElective,
    })
    .from(periodThemes)
    .innerJoin(themes, eq(themes.id, periodThemes.themeId))
    .where(eq(periodThemes.periodId, period.id))
    .orderBy(asc(themes.position), asc(themes.id));
  return { scoredItems: period.questionCount - period.pilotCount, weights };
}

// Answers of attempts made with the keys already seen (historical retakes, own-mistake drills) are
// kept apart as `excluded_*`: they say what the student remembers, not what they know.
const ownQuestions = sql<number>`(${userSubjectStats.questions} - ${userSubjectStats.excludedQuestions})`;
const ownCorrect = sql<number>`(${userSubjectStats.correct} - ${userSubjectStats.excludedCorrect})`;

/** The student's practice and mock exam totals per subject (primary key prefix). */
export function ownSubjectCounts(db: DbOrTx, userId: number) {
  return db
    .select({
      subjectId: userSubjectStats.subjectId,
      type: userSubjectStats.type,
      attempts: userSubjectStats.attempts,
      questions: ownQuestions.mapWith(Number),
      correct: ownCorrect.mapWith(Number),
    })
    .from(userSubjectStats)
    .where(
      and(eq(userSubjectStats.userId, userId), inArray(userSubjectStats.type, [...MEASURED_KINDS])),
    );
}

/** The student's practice and mock exam counts per theme of the given subjects. */
export function ownThemeCounts(db: DbOrTx, userId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      themeId: userThemeStats.themeId,
      type: userThemeStats.type,
      questions:
        sql<number>`(${userThemeStats.questions} - ${userThemeStats.excludedQuestions})`.mapWith(
          Number,
        ),
      correct: sql<number>`(${userThemeStats.correct} - ${userThemeStats.excludedCorrect})`.mapWith(
        Number,
      ),
    })
    .from(userThemeStats)
    .where(
      and(
        eq(userThemeStats.userId, userId),
        inArray(userThemeStats.subjectId, subjectIds),
        inArray(userThemeStats.type, [...MEASURED_KINDS]),
      ),
    );
}

/**
 * The student's sent first diagnostics (at most one per subject), with their per-theme
 * counts: a custom test in the aggregates, moved to exam evidence by the estimate. Only those that
 * count (not a debug user's, which the aggregates keep as excluded). An indexed read of the
 * student's own rows (`user_tests_diagnostic_once`).
 */
export function ownDiagnostics(db: DbOrTx, userId: number) {
  return db
    .select({
      subjectId: userTests.subjectId,
      questions: userTests.totalTestStems,
      correct: userTests.totalCorrect,
      themeId: userTestThemes.themeId,
      themeQuestions: sql<number>`(${userTestThemes.correct} + ${userTestThemes.incorrect} + ${userTestThemes.unanswered})`,
      themeCorrect: userTestThemes.correct,
    })
    .from(userTests)
    .leftJoin(
      userTestThemes,
      and(eq(userTestThemes.userTestId, userTests.id), eq(userTestThemes.userId, userTests.userId)),
    )
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.mode, 'diagnostic'),
        eq(userTests.status, 'submitted'),
        eq(userTests.countsForPopulation, true),
      ),
    );
}
