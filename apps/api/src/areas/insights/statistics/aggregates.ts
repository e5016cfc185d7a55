import { statsKindOf } from '@ensaya/core/statistics/kind';
import type { DbOrTx } from '../../../db/client.ts';
import {
  applyToSubjectStats,
  applyToThemeStats,
  listOwnSubjectTotals,
  listOwnThemeTotals,
  type AttemptFigures,
} from './aggregates-repo.ts';
import {
  enqueuePopulationChange,
  populationShardOf,
  type SubjectPopulationDelta,
  type ThemePopulationDelta,
} from './population-queue-repo.ts';

// The statistics aggregates (docs/architecture.md, "Statistics"): a submitted attempt is added to them and a
// deleted one subtracted, in the transaction that submits or deletes it, so reads never scan
// attempts. An attempt that does not count for the population (core `countsForPopulation`, fixed
// at start) goes into the student's own rows only, also as `excluded_*`, so that the population
// keeps seeing the student's counts without it. The student's rows are keyed by the attempt's kind
// (core `statsKindOf`): custom, official, or a wrong-answers drill, kept apart. The rows every
// student shares (the populations and `stem_stats`) are changed through the population queue
// (population-queue.ts): the caller calls `populationChanged` once its transaction has committed.

/** A sent attempt as the aggregates take it: the figures its student's rows sum, and more. */
export interface AttemptForAggregates extends AttemptFigures {
  type: 'custom' | 'official';
  mode: 'practice' | 'mock_exam' | 'historical' | 'wrong_answers' | 'diagnostic';
  /** Null when the subject has no pass mark. */
  passed: boolean | null;
  /** `user_tests.counts_for_population`: enters the comparison with all students. */
  countsForPopulation: boolean;
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
  // Read before the student's rows below change: the population's view of the student before.
  const populations = countsForPopulation
    ? await populationDeltas(tx, { ...attempt, type: kind }, sign)
    : undefined;
  // What the population does not see is kept apart in the student's rows.
  const excluded = countsForPopulation ? 0 : sign;
  const percentage =
    attempt.totalTestStems === 0 ? 0 : (attempt.totalCorrect * 100) / attempt.totalTestStems;
  const passed = attempt.passed ? 1 : 0;
  await applyToSubjectStats(tx, attempt, { kind, sign, excluded, percentage, passed });
  await applyToThemeStats(tx, attempt, { kind, sign, excluded });

  if (!populations) return;
  // How often a question is failed feeds other students' most-failed test: population only.
  const answered = attempt.stems.filter((stem) => stem.outcome !== 'unanswered');
  await enqueuePopulationChange(tx, {
    sign,
    ...populations,
    answeredStemIds: answered.map((stem) => stem.stemId),
    wrongStemIds: answered
      .filter((stem) => stem.outcome === 'incorrect')
      .map((stem) => stem.stemId),
  });
}

type Totals = { questions: number; correct: number; incorrect: number; unanswered: number };
const percentageOf = (totals: Totals) =>
  totals.questions > 0 ? (totals.correct * 100) / totals.questions : undefined;

/**
 * What the attempt changes in the populations the comparison with other students reads
 * (`subject_population_stats`, `theme_population_stats`): the student's % correct in each scope the
 * attempt touches is computed from the student's own aggregate rows (less what they hold of
 * attempts that do not count) before and after the attempt, and the difference goes into the
 * student's shard, through the population queue. Called only for an attempt that counts for the
 * population, before the student's rows change.
 */
async function populationDeltas(
  tx: DbOrTx,
  attempt: AttemptForAggregates,
  sign: 1 | -1,
): Promise<{ subjects: SubjectPopulationDelta[]; themes: ThemePopulationDelta[] }> {
  const subjectDeltas: SubjectPopulationDelta[] = [];
  const themeDeltas: ThemePopulationDelta[] = [];
  const shard = populationShardOf(attempt.userId);
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
  const own = await listOwnSubjectTotals(tx, attempt.userId);
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
  for (const [subjectId, type] of scopes) {
    const inScope = (row: { subjectId: number; type: string }) =>
      (subjectId === 0 || row.subjectId === subjectId) && (type === 'all' || row.type === type);
    const change = populationChange(
      percentageOf(sum(own.filter(inScope))),
      percentageOf(sum(after.filter(inScope))),
    );
    subjectDeltas.push({ subject_id: subjectId, type, shard, ...change });
  }

  // Themes: each theme of the attempt, for its type and for both types.
  const themeIds = attempt.themes.map((theme) => theme.themeId).sort((a, b) => a - b);
  if (themeIds.length === 0) return { subjects: subjectDeltas, themes: themeDeltas };
  const ownThemes = await listOwnThemeTotals(tx, attempt.userId, themeIds);
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
      const change = populationChange(percentageOf(before), percentageOf(next));
      themeDeltas.push({
        theme_id: themeId,
        type,
        shard,
        students: change.students,
        ...moved,
        percentage: change.percentage,
      });
    }
  }
  return { subjects: subjectDeltas, themes: themeDeltas };
}

/** Turns a student's % before and after into the population's changes. */
function populationChange(before: number | undefined, after: number | undefined) {
  return {
    students: (after === undefined ? 0 : 1) - (before === undefined ? 0 : 1),
    percentage: (after ?? 0) - (before ?? 0),
    square: (after ?? 0) ** 2 - (before ?? 0) ** 2,
  };
}
