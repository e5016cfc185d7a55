import { and, eq, inArray, sql } from 'drizzle-orm';
import { statsKindOf } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../db/client.ts';
import {
  POPULATION_SHARDS,
  subjectPopulationStats,
  themePopulationStats,
  userSubjectStats,
  userThemeStats,
} from '../../db/schema/index.ts';

// The statistics aggregates (DESIGN.md, "Statistics"): a submitted attempt is added to them and a
// deleted one subtracted, in the transaction that submits or deletes it, so reads never scan
// attempts. An attempt that does not count for the population (core `countsForPopulation`, fixed
// at start) goes into the student's own rows only, also as `excluded_*`, so that the population
// keeps seeing the student's counts without it. The student's rows are keyed by the attempt's kind
// (core `statsKindOf`): custom, official, or a wrong-answers drill, kept apart.

export interface AttemptForAggregates {
  userId: number;
  subjectId: number;
  type: 'custom' | 'official';
  mode: 'practice' | 'mock_exam' | 'historical' | 'wrong_answers';
  totalTestStems: number;
  totalCorrect: number;
  totalIncorrect: number;
  totalUnanswered: number;
  score: number;
  passed: boolean;
  submittedAt: Date;
  /** `user_tests.counts_for_population`: enters the comparison with all students. */
  countsForPopulation: boolean;
  themes: ReadonlyArray<{
    themeId: number;
    correct: number;
    incorrect: number;
    unanswered: number;
  }>;
  /** Each question's outcome, for how often a question is failed by all students. */
  stems: ReadonlyArray<{ stemId: number; outcome: 'correct' | 'incorrect' | 'unanswered' }>;
}

/** Adds (`sign` 1) or subtracts (`sign` -1) one submitted attempt. */
export async function applyAttemptToAggregates(
  tx: DbOrTx,
  attempt: AttemptForAggregates,
  sign: 1 | -1,
): Promise<void> {
  const kind = statsKindOf(attempt);
  // Drills never enter the population (core `countsForPopulation`); a drill started before that
  // rule, still marked as counting, is kept out all the same.
  const countsForPopulation = attempt.countsForPopulation && kind !== 'wrong_answers';
  if (countsForPopulation) await updatePopulations(tx, { ...attempt, type: kind }, sign);
  // What the population does not see is kept apart in the student's rows.
  const excluded = countsForPopulation ? 0 : sign;
  const percentage =
    attempt.totalTestStems === 0 ? 0 : (attempt.totalCorrect * 100) / attempt.totalTestStems;
  const passed = attempt.passed ? 1 : 0;
  await tx
    .insert(userSubjectStats)
    .values({
      userId: attempt.userId,
      subjectId: attempt.subjectId,
      type: kind,
      attempts: Math.max(0, sign),
      questions: Math.max(0, sign * attempt.totalTestStems),
      correct: Math.max(0, sign * attempt.totalCorrect),
      incorrect: Math.max(0, sign * attempt.totalIncorrect),
      unanswered: Math.max(0, sign * attempt.totalUnanswered),
      scoreSum: Math.max(0, sign * attempt.score),
      percentageSum: Math.max(0, sign * percentage),
      passedCount: Math.max(0, sign * passed),
      lastAttemptAt: sign > 0 ? attempt.submittedAt : null,
      excludedQuestions: Math.max(0, excluded * attempt.totalTestStems),
      excludedCorrect: Math.max(0, excluded * attempt.totalCorrect),
    })
    .onConflictDoUpdate({
      target: [userSubjectStats.userId, userSubjectStats.subjectId, userSubjectStats.type],
      set: {
        attempts: sql`greatest(0, ${userSubjectStats.attempts} + ${sign})`,
        questions: sql`greatest(0, ${userSubjectStats.questions} + ${sign * attempt.totalTestStems})`,
        correct: sql`greatest(0, ${userSubjectStats.correct} + ${sign * attempt.totalCorrect})`,
        incorrect: sql`greatest(0, ${userSubjectStats.incorrect} + ${sign * attempt.totalIncorrect})`,
        unanswered: sql`greatest(0, ${userSubjectStats.unanswered} + ${sign * attempt.totalUnanswered})`,
        scoreSum: sql`greatest(0, ${userSubjectStats.scoreSum} + ${sign * attempt.score})`,
        // Floating sums can leave a hair above zero once every attempt is gone: reset with the count.
        percentageSum: sql`case when ${userSubjectStats.attempts} + ${sign} <= 0 then 0 else greatest(0, ${userSubjectStats.percentageSum} + ${sign * percentage}) end`,
        passedCount: sql`greatest(0, ${userSubjectStats.passedCount} + ${sign * passed})`,
        excludedQuestions: sql`greatest(0, ${userSubjectStats.excludedQuestions} + ${excluded * attempt.totalTestStems})`,
        excludedCorrect: sql`greatest(0, ${userSubjectStats.excludedCorrect} + ${excluded * attempt.totalCorrect})`,
        lastAttemptAt:
          sign > 0
            ? sql`greatest(${userSubjectStats.lastAttemptAt}, ${attempt.submittedAt.toISOString()}::timestamptz)`
            : sql`${userSubjectStats.lastAttemptAt}`,
      },
    });

  for (const theme of attempt.themes) {
    const questions = theme.correct + theme.incorrect + theme.unanswered;
    await tx
      .insert(userThemeStats)
      .values({
        userId: attempt.userId,
        themeId: theme.themeId,
        type: kind,
        subjectId: attempt.subjectId,
        questions: Math.max(0, sign * questions),
        correct: Math.max(0, sign * theme.correct),
        incorrect: Math.max(0, sign * theme.incorrect),
        unanswered: Math.max(0, sign * theme.unanswered),
        excludedQuestions: Math.max(0, excluded * questions),
        excludedCorrect: Math.max(0, excluded * theme.correct),
        excludedIncorrect: Math.max(0, excluded * theme.incorrect),
        excludedUnanswered: Math.max(0, excluded * theme.unanswered),
      })
      .onConflictDoUpdate({
        target: [userThemeStats.userId, userThemeStats.themeId, userThemeStats.type],
        set: {
          questions: sql`greatest(0, ${userThemeStats.questions} + ${sign * questions})`,
          correct: sql`greatest(0, ${userThemeStats.correct} + ${sign * theme.correct})`,
          incorrect: sql`greatest(0, ${userThemeStats.incorrect} + ${sign * theme.incorrect})`,
          unanswered: sql`greatest(0, ${userThemeStats.unanswered} + ${sign * theme.unanswered})`,
          excludedQuestions: sql`greatest(0, ${userThemeStats.excludedQuestions} + ${excluded * questions})`,
          excludedCorrect: sql`greatest(0, ${userThemeStats.excludedCorrect} + ${excluded * theme.correct})`,
          excludedIncorrect: sql`greatest(0, ${userThemeStats.excludedIncorrect} + ${excluded * theme.incorrect})`,
          excludedUnanswered: sql`greatest(0, ${userThemeStats.excludedUnanswered} + ${excluded * theme.unanswered})`,
        },
      });
  }

  // How often a question is failed feeds other students' most-failed test: population only.
  if (!countsForPopulation) return;
  // Sorted, so that concurrent submits sharing questions lock stem_stats rows in one order (no
  // deadlocks).
  const answered = attempt.stems
    .filter((stem) => stem.outcome !== 'unanswered')
    .sort((a, b) => a.stemId - b.stemId);
  if (answered.length === 0) return;
  // One statement for every question of the attempt.
  if (sign > 0) {
    const rows = sql.join(
      answered.map(
        (stem) =>
          sql`(${stem.stemId}::integer, ${attempt.subjectId}::integer, 1, ${stem.outcome === 'incorrect' ? 1 : 0}::integer)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into stem_stats (stem_id, subject_id, answered, wrong) values ${rows}
      on conflict (stem_id) do update set
        answered = stem_stats.answered + excluded.answered,
        wrong = stem_stats.wrong + excluded.wrong
    `);
    return;
  }
  const rows = sql.join(
    answered.map(
      (stem) => sql`(${stem.stemId}::integer, ${stem.outcome === 'incorrect' ? 1 : 0}::integer)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update stem_stats set
      answered = greatest(0, stem_stats.answered - 1),
      wrong = least(greatest(0, stem_stats.answered - 1), greatest(0, stem_stats.wrong - d.wrong))
    from (values ${rows}) as d(stem_id, wrong)
    where stem_stats.stem_id = d.stem_id
  `);
}

type Totals = { questions: number; correct: number; incorrect: number; unanswered: number };
const percentageOf = (totals: Totals) =>
  totals.questions > 0 ? (totals.correct * 100) / totals.questions : undefined;

/**
 * Keeps the populations the comparison with other students reads (`subject_population_stats`,
 * `theme_population_stats`) in step: the student's % correct in each scope the attempt touches is
 * computed from the student's own aggregate rows (less what they hold of attempts that do not
 * count) before and after the attempt, and the difference goes into the student's shard. Rows are
 * written in key order (subjects, then themes) so concurrent submits cannot deadlock. Called only
 * for an attempt that counts for the population.
 */
async function updatePopulations(tx: DbOrTx, attempt: AttemptForAggregates, sign: 1 | -1) {
  const shard = attempt.userId % POPULATION_SHARDS;
  const delta = (totals: Totals, add: Totals): Totals => ({
    questions: Math.max(0, totals.questions + sign * add.questions),
    correct: Math.max(0, totals.correct + sign * add.correct),
    incorrect: Math.max(0, totals.incorrect + sign * add.incorrect),
    unanswered: Math.max(0, totals.unanswered + sign * add.unanswered),
  });
  const zero: Totals = { questions: 0, correct: 0, incorrect: 0, unanswered: 0 };
  const sum = (rows: Totals[]): Totals =>
    rows.reduce(
      (acc, row) => ({
        questions: acc.questions + row.questions,
        correct: acc.correct + row.correct,
        incorrect: acc.incorrect + row.incorrect,
        unanswered: acc.unanswered + row.unanswered,
      }),
      zero,
    );

  // Subjects: the attempt's subject and all subjects (0), for its type and for both types.
  const own = await tx
    .select({
      subjectId: userSubjectStats.subjectId,
      type: userSubjectStats.type,
      questions:
        sql<number>`${userSubjectStats.questions} - ${userSubjectStats.excludedQuestions}`.mapWith(
          Number,
        ),
      correct:
        sql<number>`${userSubjectStats.correct} - ${userSubjectStats.excludedCorrect}`.mapWith(
          Number,
        ),
      incorrect: userSubjectStats.incorrect,
      unanswered: userSubjectStats.unanswered,
    })
    .from(userSubjectStats)
    .where(eq(userSubjectStats.userId, attempt.userId));
  const change: Totals = {
    questions: attempt.totalTestStems,
    correct: attempt.totalCorrect,
    incorrect: attempt.totalIncorrect,
    unanswered: attempt.totalUnanswered,
  };
  const after = own.map((row) =>
    row.subjectId === attempt.subjectId && row.type === attempt.type
      ? { ...row, ...delta(row, change) }
      : row,
  );
  if (!own.some((row) => row.subjectId === attempt.subjectId && row.type === attempt.type)) {
    after.push({ subjectId: attempt.subjectId, type: attempt.type, ...delta(zero, change) });
  }
  const scopes: Array<[number, 'custom' | 'official' | 'all']> = [
    [0, attempt.type],
    [0, 'all'],
    [attempt.subjectId, attempt.type],
    [attempt.subjectId, 'all'],
  ];
  scopes.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  for (const [subjectId, type] of scopes) {
    const inScope = (row: { subjectId: number; type: string }) =>
      (subjectId === 0 || row.subjectId === subjectId) && (type === 'all' || row.type === type);
    await applyPopulationChange(
      tx,
      percentageOf(sum(own.filter(inScope))),
      percentageOf(sum(after.filter(inScope))),
      (students, percentage, square) =>
        tx
          .insert(subjectPopulationStats)
          .values({
            subjectId,
            type,
            shard,
            students: Math.max(0, students),
            percentageSum: Math.max(0, percentage),
            percentageSquareSum: Math.max(0, square),
          })
          .onConflictDoUpdate({
            target: [
              subjectPopulationStats.subjectId,
              subjectPopulationStats.type,
              subjectPopulationStats.shard,
            ],
            set: {
              students: sql`greatest(0, ${subjectPopulationStats.students} + ${students})`,
              percentageSum: sql`case when ${subjectPopulationStats.students} + ${students} <= 0 then 0 else greatest(0, ${subjectPopulationStats.percentageSum} + ${percentage}) end`,
              percentageSquareSum: sql`case when ${subjectPopulationStats.students} + ${students} <= 0 then 0 else greatest(0, ${subjectPopulationStats.percentageSquareSum} + ${square}) end`,
            },
          }),
    );
  }

  // Themes: each theme of the attempt, for its type and for both types.
  const themeIds = attempt.themes.map((theme) => theme.themeId).sort((a, b) => a - b);
  if (themeIds.length === 0) return;
  const ownThemes = await tx
    .select({
      themeId: userThemeStats.themeId,
      type: userThemeStats.type,
      questions:
        sql<number>`${userThemeStats.questions} - ${userThemeStats.excludedQuestions}`.mapWith(
          Number,
        ),
      correct: sql<number>`${userThemeStats.correct} - ${userThemeStats.excludedCorrect}`.mapWith(
        Number,
      ),
      incorrect:
        sql<number>`${userThemeStats.incorrect} - ${userThemeStats.excludedIncorrect}`.mapWith(
          Number,
        ),
      unanswered:
        sql<number>`${userThemeStats.unanswered} - ${userThemeStats.excludedUnanswered}`.mapWith(
          Number,
        ),
    })
    .from(userThemeStats)
    .where(
      and(eq(userThemeStats.userId, attempt.userId), inArray(userThemeStats.themeId, themeIds)),
    );
  for (const themeId of themeIds) {
    const counts = attempt.themes.find((theme) => theme.themeId === themeId)!;
    const themeChange: Totals = {
      questions: counts.correct + counts.incorrect + counts.unanswered,
      correct: counts.correct,
      incorrect: counts.incorrect,
      unanswered: counts.unanswered,
    };
    for (const type of [attempt.type, 'all'].sort() as Array<'custom' | 'official' | 'all'>) {
      const rows = ownThemes.filter(
        (row) => row.themeId === themeId && (type === 'all' || row.type === type),
      );
      const before = sum(rows);
      const next = delta(before, themeChange);
      const moved: Totals = {
        questions: next.questions - before.questions,
        correct: next.correct - before.correct,
        incorrect: next.incorrect - before.incorrect,
        unanswered: next.unanswered - before.unanswered,
      };
      await applyPopulationChange(
        tx,
        percentageOf(before),
        percentageOf(next),
        (students, percentage) =>
          tx
            .insert(themePopulationStats)
            .values({
              themeId,
              type,
              shard,
              students: Math.max(0, students),
              questions: Math.max(0, moved.questions),
              correct: Math.max(0, moved.correct),
              incorrect: Math.max(0, moved.incorrect),
              unanswered: Math.max(0, moved.unanswered),
              percentageSum: Math.max(0, percentage),
            })
            .onConflictDoUpdate({
              target: [
                themePopulationStats.themeId,
                themePopulationStats.type,
                themePopulationStats.shard,
              ],
              set: {
                students: sql`greatest(0, ${themePopulationStats.students} + ${students})`,
                questions: sql`greatest(0, ${themePopulationStats.questions} + ${moved.questions})`,
                correct: sql`greatest(0, ${themePopulationStats.correct} + ${moved.correct})`,
                incorrect: sql`greatest(0, ${themePopulationStats.incorrect} + ${moved.incorrect})`,
                unanswered: sql`greatest(0, ${themePopulationStats.unanswered} + ${moved.unanswered})`,
                percentageSum: sql`case when ${themePopulationStats.students} + ${students} <= 0 then 0 else greatest(0, ${themePopulationStats.percentageSum} + ${percentage}) end`,
              },
            }),
      );
    }
  }
}

/** Turns a student's % before and after into the population's changes and writes them. */
async function applyPopulationChange(
  tx: DbOrTx,
  before: number | undefined,
  after: number | undefined,
  write: (students: number, percentage: number, square: number) => Promise<unknown>,
) {
  const students = (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1);
  const percentage = (after ?? 0) - (before ?? 0);
  const square = (after ?? 0) ** 2 - (before ?? 0) ** 2;
  await write(students, percentage, square);
}
