import {
  COMPARISON_MIN_STUDENTS,
  type AttemptComparison,
  type CorrectByTheme,
  type CorrectByType,
  type Dashboard,
  type Gauss,
  type GeneralThemeStats,
  type SubjectAverage,
  type SubjectPercentage,
  type SubjectScore,
  type ThemeColumns,
  type ThemeStats,
  type UserSubjectStats,
  type StatsKind,
} from '@ensaya/core/contracts/statistics';
import {
  bellCurvePoints,
  normalDensity,
  normalPercentileOf,
  percentage,
  roundTo,
} from '@ensaya/core/statistics/bell-curve';
import { MEASURED_KINDS, statsKindOf } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { StatisticsReadCache } from './read-cache.ts';
import * as repo from './repo.ts';

// The statistics calls of spec 001 (section 7), scoped to the signed-in student and read from the
// aggregates only. Percentages carry 2 decimals, averages 2, densities 8.

const pct = (part: number, whole: number) => roundTo(percentage(part, whole), 2);
const mean = (sum: number, count: number) => (count > 0 ? roundTo(sum / count, 2) : 0);

/** The spec's clients send `user_id`: only the student's own id is accepted (404 otherwise). */
export function assertOwnUser(userId: number, requested: number | undefined) {
  if (requested !== undefined && requested !== userId) throw new AppError(404, 'error.notFound');
}

/** Without a cache (the default): every shared read goes to the database. */
const NO_CACHE = new StatisticsReadCache({ ttlMs: 0 });

// Reads that are the same for every student, through the short-lived cache (read-cache.ts). Only
// an existing subject is kept: a missing one is asked again.
async function assertSubject(db: DbOrTx, subjectId: number, cache: StatisticsReadCache) {
  await cache.read(`subject:${subjectId}`, async () => {
    if (!(await repo.subjectExists(db, subjectId))) throw new AppError(404, 'error.notFound');
    return true;
  });
}

const subjectThemes = (db: DbOrTx, subjectId: number, cache: StatisticsReadCache) =>
  cache.read(`themes:${subjectId}`, () => repo.subjectThemes(db, subjectId));

const studentsSpread = (
  db: DbOrTx,
  subjectId: number | undefined,
  type: StatsKind | undefined,
  cache: StatisticsReadCache,
) =>
  cache.read(`spread:${subjectId ?? 0}:${type ?? ''}`, () =>
    repo.studentsSpread(db, subjectId, type),
  );

/** `api/user-subject-stats`. */
export async function userSubjectStats(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<UserSubjectStats> {
  await assertSubject(db, subjectId, cache);
  const row = await repo.subjectTotalsOf(db, userId, subjectId, type);
  return {
    subject_id: subjectId,
    user_test_type: type ?? null,
    attempts: row.attempts,
    questions: row.questions,
    correct: row.correct,
    incorrect: row.incorrect,
    unanswered: row.unanswered,
    score_sum: row.scoreSum,
    passed_count: row.passedCount,
    correct_percentage: pct(row.correct, row.questions),
    average_percentage: Math.min(100, mean(row.percentageSum, row.attempts)),
    average_score: mean(row.scoreSum, row.attempts),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
  };
}

/** Practice and mock exams: the "all tests" figures leave wrong-answers drills out. */
const isMeasured = (row: { type: StatsKind }) =>
  (MEASURED_KINDS as ReadonlyArray<StatsKind>).includes(row.type);

/** `api/my-percentages`: per subject (practice and mock exams) the student's % correct. */
export async function myPercentages(db: DbOrTx, userId: number): Promise<SubjectPercentage[]> {
  return percentagesOf((await repo.subjectTypeTotalsOf(db, userId)).filter(isMeasured));
}

function percentagesOf(
  rows: Awaited<ReturnType<typeof repo.subjectTypeTotalsOf>>,
): SubjectPercentage[] {
  const bySubject = new Map<number, SubjectPercentage>();
  for (const row of rows) {
    const entry = bySubject.get(row.subjectId) ?? {
      subject_id: row.subjectId,
      name: row.name,
      correct_percentage: 0,
      sumCorrect: 0,
      sumTotal: 0,
    };
    entry.sumCorrect += row.correct;
    entry.sumTotal += row.questions;
    bySubject.set(row.subjectId, entry);
  }
  return [...bySubject.values()].map((entry) => ({
    ...entry,
    correct_percentage: pct(entry.sumCorrect, entry.sumTotal),
  }));
}

/** `api/my-percentages-gauss`: every student's % correct as a normal curve, and the student's. */
export async function myPercentagesGauss(
  db: DbOrTx,
  userId: number,
  subjectId: number | undefined,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<Gauss> {
  if (subjectId !== undefined) await assertSubject(db, subjectId, cache);
  const [spread, own] = await Promise.all([
    studentsSpread(db, subjectId, type, cache),
    repo.ownCorrectOf(db, userId, subjectId, type),
  ]);
  const own_percentage = own.questions > 0 ? percentage(own.correct, own.questions) : null;
  return {
    subject_id: subjectId ?? null,
    students: spread.students,
    mean: roundTo(spread.mean, 2),
    standard_deviation: roundTo(spread.standardDeviation, 2),
    points: bellCurvePoints(spread.mean, spread.standardDeviation),
    user:
      own_percentage === null
        ? null
        : {
            percentage: roundTo(own_percentage, 2),
            y: roundTo(normalDensity(own_percentage, spread.mean, spread.standardDeviation), 8),
          },
  };
}

/** `api/average-list`: per subject and type the student's averages. */
export async function averageList(db: DbOrTx, userId: number): Promise<SubjectAverage[]> {
  const rows = await repo.subjectTypeTotalsOf(db, userId);
  return rows.map((row) => ({
    subject_id: row.subjectId,
    name: row.name,
    user_test_type: row.type,
    attempts: row.attempts,
    average_score: mean(row.scoreSum, row.attempts),
    average_percentage: Math.min(100, mean(row.percentageSum, row.attempts)),
    correct_percentage: pct(row.correct, row.questions),
    passed_count: row.passedCount,
  }));
}

type Counts = { questions: number; correct: number; incorrect: number; unanswered: number };
const NO_COUNTS: Counts = { questions: 0, correct: 0, incorrect: 0, unanswered: 0 };

/** The subject's themes, each with the student's counts (zeros for a theme not yet met). */
async function ownThemes(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache,
) {
  const [themeRows, totals] = await Promise.all([
    subjectThemes(db, subjectId, cache),
    repo.ownThemeTotals(db, userId, subjectId, type),
  ]);
  const byTheme = new Map(totals.map((row) => [row.themeId, row]));
  return themeRows.map((theme) => ({ theme, counts: byTheme.get(theme.id) ?? NO_COUNTS }));
}

/** `api/themes-stats`. */
export async function themesStats(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<ThemeStats[]> {
  await assertSubject(db, subjectId, cache);
  return (await ownThemes(db, userId, subjectId, type, cache)).map(({ theme, counts }) => ({
    theme_id: theme.id,
    name: theme.name,
    questions: counts.questions,
    correct: counts.correct,
    incorrect: counts.incorrect,
    unanswered: counts.unanswered,
    correct_percentage: pct(counts.correct, counts.questions),
  }));
}

/** `api/themes-stats-general`: per theme, all students together. */
export async function themesStatsGeneral(
  db: DbOrTx,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<GeneralThemeStats[]> {
  await assertSubject(db, subjectId, cache);
  const themeRows = await subjectThemes(db, subjectId, cache);
  const totals = await cache.read(`theme-population:${subjectId}:${type ?? ''}`, () =>
    repo.generalThemeTotals(
      db,
      themeRows.map((theme) => theme.id),
      type,
    ),
  );
  const byTheme = new Map(totals.map((row) => [row.themeId, row]));
  return themeRows.map((theme) => {
    const row = byTheme.get(theme.id);
    return {
      theme_id: theme.id,
      name: theme.name,
      students: row?.students ?? 0,
      questions: row?.questions ?? 0,
      correct: row?.correct ?? 0,
      incorrect: row?.incorrect ?? 0,
      unanswered: row?.unanswered ?? 0,
      correct_percentage: pct(row?.correct ?? 0, row?.questions ?? 0),
      average_percentage: roundTo(Math.min(100, row?.averagePercentage ?? 0), 2),
    };
  });
}

/** `api/correct-stems-by-type`: average correct answers per attempt, per type. */
export async function correctStemsByType(
  db: DbOrTx,
  userId: number,
  subjectId: number | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<CorrectByType[]> {
  if (subjectId !== undefined) await assertSubject(db, subjectId, cache);
  const rows = await repo.typeTotalsOf(db, userId, subjectId);
  return rows.map((row) => ({
    user_test_type: row.type,
    attempts: row.attempts,
    total_test_stems: row.questions,
    total_correct_quantity: row.correct,
    average_correct: mean(row.correct, row.attempts),
    average_total: mean(row.questions, row.attempts),
  }));
}

/** `api/correct-stems-by-theme`. */
export async function correctStemsByTheme(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<CorrectByTheme[]> {
  await assertSubject(db, subjectId, cache);
  return (await ownThemes(db, userId, subjectId, type, cache)).map(({ theme, counts }) => ({
    theme_id: theme.id,
    name: theme.name,
    total_test_stems: counts.questions,
    total_correct_quantity: counts.correct,
    correct_percentage: pct(counts.correct, counts.questions),
  }));
}

/** `api/user-theme-stats-column`: one category per theme, one series per outcome. */
export async function userThemeStatsColumn(
  db: DbOrTx,
  userId: number,
  subjectId: number,
  type: StatsKind | undefined,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<ThemeColumns> {
  await assertSubject(db, subjectId, cache);
  const rows = await ownThemes(db, userId, subjectId, type, cache);
  return {
    themes: rows.map(({ theme }) => ({ theme_id: theme.id, name: theme.name })),
    series: (['correct', 'incorrect', 'unanswered'] as const).map((key) => ({
      key,
      data: rows.map(({ counts }) => counts[key]),
    })),
  };
}

/** `api/dashboard`: the dashboard's cards in one call. */
export async function dashboard(
  db: DbOrTx,
  userId: number,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<Dashboard> {
  const [rows, gauss] = await Promise.all([
    repo.subjectTypeTotalsOf(db, userId),
    myPercentagesGauss(db, userId, undefined, undefined, cache),
  ]);
  const measured = rows.filter(isMeasured);
  const subjects = percentagesOf(measured);
  const official = rows.filter((row) => row.type === 'official');
  const officialIds = official.map((row) => row.subjectId);
  const [maxGradeRows, electiveRows] = await Promise.all([
    cache.read(`max-grades:${officialIds.join(',')}`, () => repo.maxGrades(db, officialIds)),
    repo.electiveScores(db, userId, officialIds),
  ]);
  const maxGrades = new Map(maxGradeRows.map((row) => [row.subjectId, row.maxGrade]));
  const scores: SubjectScore[] = official.map((row) => ({
    subject_id: row.subjectId,
    name: row.name,
    attempts: row.attempts,
    average_score: mean(row.scoreSum, row.attempts),
    approval_grade: row.approvalGrade,
    approval_rule: row.approvalRule,
    max_score: maxGrades.get(row.subjectId) ?? 0,
    electives: electiveRows
      .filter((elective) => elective.subjectId === row.subjectId)
      .map((elective) => ({
        theme_id: elective.themeId,
        name: elective.name,
        attempts: elective.attempts,
        average_score: mean(elective.scoreSum, elective.attempts),
      })),
  }));
  const byType = new Map<StatsKind, CorrectByType>();
  for (const row of rows) {
    const entry = byType.get(row.type) ?? {
      user_test_type: row.type,
      attempts: 0,
      total_test_stems: 0,
      total_correct_quantity: 0,
      average_correct: 0,
      average_total: 0,
    };
    entry.attempts += row.attempts;
    entry.total_test_stems += row.questions;
    entry.total_correct_quantity += row.correct;
    byType.set(row.type, entry);
  }
  const correct = measured.reduce((sum, row) => sum + row.correct, 0);
  const total = measured.reduce((sum, row) => sum + row.questions, 0);
  return {
    has_attempts: rows.some((row) => row.attempts > 0),
    average: { percentage: pct(correct, total), correct, total },
    subjects,
    gauss,
    scores,
    correct_by_type: [...byType.values()]
      .sort((a, b) => a.user_test_type.localeCompare(b.user_test_type))
      .map((entry) => ({
        ...entry,
        average_correct: mean(entry.total_correct_quantity, entry.attempts),
        average_total: mean(entry.total_test_stems, entry.attempts),
      })),
  };
}

/**
 * `api/user-tests/{id}/comparison`: the student's sent attempt against every student of its kind
 * (the population aggregates, a few shard rows each): the share of students below its % correct,
 * and each of its themes' average %. 404 for another student's attempt, 409 while it runs.
 */
export async function attemptComparison(
  db: DbOrTx,
  userId: number,
  userTestId: number,
  cache: StatisticsReadCache = NO_CACHE,
): Promise<AttemptComparison> {
  const attempt = await repo.ownAttemptTotals(db, userId, userTestId);
  if (!attempt) throw new AppError(404, 'error.notFound');
  if (attempt.status !== 'submitted') throw new AppError(409, 'engine.inProgress');
  const kind = statsKindOf(attempt);
  const themeIds = await repo.attemptThemeIds(db, userTestId);
  const [spread, themeTotals] = await Promise.all([
    studentsSpread(db, attempt.subjectId, kind, cache),
    repo.generalThemeTotals(db, themeIds, kind),
  ]);
  const own = percentage(attempt.correct, attempt.correct + attempt.incorrect + attempt.unanswered);
  const averages = new Map(themeTotals.map((row) => [row.themeId, row.averagePercentage]));
  return {
    user_test_id: userTestId,
    students: spread.students,
    percentile:
      spread.students < COMPARISON_MIN_STUDENTS
        ? null
        : Math.round(normalPercentileOf(own, spread.mean, spread.standardDeviation)),
    themes: themeIds.map((themeId) => {
      const average = averages.get(themeId);
      return {
        theme_id: themeId,
        average_percentage: average === undefined ? null : roundTo(average, 2),
      };
    }),
  };
}
