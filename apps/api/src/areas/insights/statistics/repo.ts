import { and, asc, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { StatsKind } from '@ensaya/core/contracts/statistics';
import { MEASURED_KINDS } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../../db/client.ts';
import {
  gradeTables,
  subjects,
  themes,
  userSubjectStats,
  userTests,
  userTestThemes,
  userThemeStats,
  subjectPopulationStats,
  themePopulationStats,
} from '../../../db/schema/index.ts';

// Statistics reads. Every query here reads the aggregates (user_subject_stats, user_theme_stats)
// through their indexes, never the attempts (docs/architecture.md, "Statistics"): a student's own rows by the
// primary key or (user_id, subject_id, type); all students of a subject by (subject_id, type); all
// students of a theme by theme_id. The one exception is the comparison of one sent attempt, which
// reads that attempt's row and its questions' themes by their keys.

const sumOf = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

const subjectTotals = {
  attempts: sumOf(userSubjectStats.attempts),
  questions: sumOf(userSubjectStats.questions),
  correct: sumOf(userSubjectStats.correct),
  incorrect: sumOf(userSubjectStats.incorrect),
  unanswered: sumOf(userSubjectStats.unanswered),
  scoreSum: sumOf(userSubjectStats.scoreSum),
  percentageSum: sumOf(userSubjectStats.percentageSum),
  passedCount: sumOf(userSubjectStats.passedCount),
};

// One kind, or "all tests": practice and mock exams together, without wrong-answers drills (core
// `MEASURED_KINDS`), so a drill of hard questions does not sink the student's averages.
const typeFilter = (type: StatsKind | undefined) =>
  type ? eq(userSubjectStats.type, type) : inArray(userSubjectStats.type, [...MEASURED_KINDS]);
const themeTypeFilter = (type: StatsKind | undefined) =>
  type ? eq(userThemeStats.type, type) : inArray(userThemeStats.type, [...MEASURED_KINDS]);

/** The population rows of a kind (`all`: both types); drills have none. */
const populationType = (type: StatsKind | undefined) =>
  type === 'wrong_answers' ? null : (type ?? 'all');

/** The student's sums in a subject, one kind or practice and mock exams together. */
export async function subjectTotalsOf(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
) {
  const [row] = await db
    .select({
      ...subjectTotals,
      lastAttemptAt: sql<string | null>`max(${userSubjectStats.lastAttemptAt})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(userSubjectStats)
    .where(
      and(
        eq(userSubjectStats.userId, userId),
        eq(userSubjectStats.subjectId, subjectId),
        typeFilter(type),
      ),
    );
  return row!;
}

/** The student's totals per subject and type, with the subject's name (primary key prefix). */
export function subjectTypeTotalsOf(db: DbOrTx, userId: number) {
  return db
    .select({
      subjectId: userSubjectStats.subjectId,
      name: subjects.name,
      standardTestId: subjects.standardTestId,
      approvalGrade: subjects.approvalGrade,
      approvalRule: subjects.approvalRule,
      type: userSubjectStats.type,
      attempts: userSubjectStats.attempts,
      questions: userSubjectStats.questions,
      correct: userSubjectStats.correct,
      scoreSum: userSubjectStats.scoreSum,
      percentageSum: userSubjectStats.percentageSum,
      passedCount: userSubjectStats.passedCount,
    })
    .from(userSubjectStats)
    .innerJoin(subjects, eq(subjects.id, userSubjectStats.subjectId))
    .where(and(eq(userSubjectStats.userId, userId), gt(userSubjectStats.attempts, 0)))
    .orderBy(asc(subjects.standardTestId), asc(subjects.position), asc(subjects.id));
}

/**
 * Mean and population standard deviation of every student's % correct (correct over questions of
 * the subject, or of all subjects), from the population aggregate's few shard rows, so the cost
 * does not grow with the number of students.
 */
export async function studentsSpread(
  db: DbOrTx,
  subjectId: number | undefined,
  type: StatsKind | undefined,
) {
  const population = populationType(type);
  if (population === null) return { students: 0, mean: 0, standardDeviation: 0 };
  const [row] = await db
    .select({
      students: sql<number>`coalesce(sum(${subjectPopulationStats.students}), 0)`.mapWith(Number),
      sum: sql<number>`coalesce(sum(${subjectPopulationStats.percentageSum}), 0)`.mapWith(Number),
      squares: sql<number>`coalesce(sum(${subjectPopulationStats.percentageSquareSum}), 0)`.mapWith(
        Number,
      ),
    })
    .from(subjectPopulationStats)
    .where(
      and(
        eq(subjectPopulationStats.subjectId, subjectId ?? 0),
        eq(subjectPopulationStats.type, population),
      ),
    );
  const { students, sum, squares } = row!;
  if (students === 0) return { students: 0, mean: 0, standardDeviation: 0 };
  const mean = sum / students;
  // Rounding in the running sums can leave a hair below zero when every student is equal.
  const variance = Math.max(0, squares / students - mean * mean);
  return { students, mean, standardDeviation: variance < 1e-9 ? 0 : Math.sqrt(variance) };
}

/** The student's correct answers and questions, in a subject or in all, one type or both. */
export async function ownCorrectOf(
  db: DbOrTx,
  userId: number,
  subjectId: number | undefined,
  type: StatsKind | undefined,
) {
  const [row] = await db
    .select({ questions: subjectTotals.questions, correct: subjectTotals.correct })
    .from(userSubjectStats)
    .where(
      and(
        eq(userSubjectStats.userId, userId),
        subjectId === undefined ? undefined : eq(userSubjectStats.subjectId, subjectId),
        typeFilter(type),
      ),
    );
  return row!;
}

/** The student's totals per test type, in a subject or in all. */
export function typeTotalsOf(db: DbOrTx, userId: number, subjectId: number | undefined) {
  return db
    .select({
      type: userSubjectStats.type,
      attempts: subjectTotals.attempts,
      questions: subjectTotals.questions,
      correct: subjectTotals.correct,
    })
    .from(userSubjectStats)
    .where(
      and(
        eq(userSubjectStats.userId, userId),
        subjectId === undefined ? undefined : eq(userSubjectStats.subjectId, subjectId),
      ),
    )
    .groupBy(userSubjectStats.type)
    .having(sql`sum(${userSubjectStats.attempts}) > 0`)
    .orderBy(asc(userSubjectStats.type));
}

/** The themes of a subject in order (the unique (subject_id, name) index). */
export function subjectThemes(db: DbOrTx, subjectId: number) {
  return db
    .select({ id: themes.id, name: themes.name })
    .from(themes)
    .where(eq(themes.subjectId, subjectId))
    .orderBy(asc(themes.position), asc(themes.id));
}

export async function subjectExists(db: DbOrTx, subjectId: number): Promise<boolean> {
  return (await db.$count(subjects, eq(subjects.id, subjectId))) > 0;
}

/** The student's counts per theme of a subject, one type or both. */
export function ownThemeTotals(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
) {
  return db
    .select({
      themeId: userThemeStats.themeId,
      questions: sumOf(userThemeStats.questions),
      correct: sumOf(userThemeStats.correct),
      incorrect: sumOf(userThemeStats.incorrect),
      unanswered: sumOf(userThemeStats.unanswered),
    })
    .from(userThemeStats)
    .where(
      and(
        eq(userThemeStats.userId, userId),
        eq(userThemeStats.subjectId, subjectId),
        themeTypeFilter(type),
      ),
    )
    .groupBy(userThemeStats.themeId);
}

/** Every student's counts per theme and the mean student's % correct, from the theme populations. */
export async function generalThemeTotals(
  db: DbOrTx,
  themeIds: number[],
  type: StatsKind | undefined,
) {
  const population = populationType(type);
  if (themeIds.length === 0 || population === null) return [];
  return db
    .select({
      themeId: themePopulationStats.themeId,
      students: sql<number>`sum(${themePopulationStats.students})`.mapWith(Number),
      questions: sumOf(themePopulationStats.questions),
      correct: sumOf(themePopulationStats.correct),
      incorrect: sumOf(themePopulationStats.incorrect),
      unanswered: sumOf(themePopulationStats.unanswered),
      averagePercentage:
        sql<number>`coalesce(sum(${themePopulationStats.percentageSum}) / nullif(sum(${themePopulationStats.students}), 0), 0)`.mapWith(
          Number,
        ),
    })
    .from(themePopulationStats)
    .where(
      and(
        inArray(themePopulationStats.themeId, themeIds),
        eq(themePopulationStats.type, population),
      ),
    )
    .groupBy(themePopulationStats.themeId)
    .having(sql`sum(${themePopulationStats.students}) > 0`);
}

/** The highest grade of each subject's grade table (the radial chart's scale). */
export function maxGrades(db: DbOrTx, subjectIds: number[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      subjectId: gradeTables.subjectId,
      maxGrade: sql<number>`max(${gradeTables.grade})`.mapWith(Number),
    })
    .from(gradeTables)
    .where(inArray(gradeTables.subjectId, subjectIds))
    .groupBy(gradeTables.subjectId);
}

/**
 * The student's sent mock exams per elective module (Ciencias), among `subjectIds`: a few rows
 * reached through the history index (user_id, subject_id, type).
 */
export function electiveScores(db: DbOrTx, userId: number, subjectIds: number[]) {
  if (subjectIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      subjectId: userTests.subjectId,
      themeId: themes.id,
      name: themes.name,
      attempts: sql<number>`count(*)::int`,
      scoreSum: sql<number>`coalesce(sum(${userTests.score}), 0)::float8`,
    })
    .from(userTests)
    .innerJoin(themes, eq(themes.id, userTests.electiveThemeId))
    .where(
      and(
        eq(userTests.userId, userId),
        inArray(userTests.subjectId, subjectIds),
        eq(userTests.type, 'official'),
        eq(userTests.status, 'submitted'),
      ),
    )
    .groupBy(userTests.subjectId, themes.id, themes.name, themes.position)
    .orderBy(asc(themes.position), asc(themes.id));
}

/** A student's own sent or running attempt with its totals, or undefined. */
export async function ownAttemptTotals(db: DbOrTx, userId: number, userTestId: number) {
  const [row] = await db
    .select({
      subjectId: userTests.subjectId,
      type: userTests.type,
      mode: userTests.mode,
      status: userTests.status,
      correct: userTests.totalCorrect,
      incorrect: userTests.totalIncorrect,
      unanswered: userTests.totalUnanswered,
    })
    .from(userTests)
    .where(and(eq(userTests.id, userTestId), eq(userTests.userId, userId)));
  return row;
}

/** The themes of a sent attempt's scored questions (its per-theme counts; pilots are not in them). */
export async function attemptThemeIds(db: DbOrTx, userTestId: number): Promise<number[]> {
  const rows = await db
    .select({ themeId: userTestThemes.themeId })
    .from(userTestThemes)
    .where(eq(userTestThemes.userTestId, userTestId));
  return rows.map((row) => row.themeId);
}
