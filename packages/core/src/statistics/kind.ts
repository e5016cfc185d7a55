// What kind of test an attempt counts as in the history and the statistics. The spec has two test
// types (custom and official); a wrong-answers drill is a custom test, but it is made of questions
// the student (or everyone) got wrong, so its results are far below the student's level by design.
// Counted as practice, one drill of hard questions sank a student's practice average
// (M1 from 68 % to 42 %). So the history lists drills apart and the statistics keep them apart.

export const STATS_KINDS = ['custom', 'official', 'wrong_answers'] as const;
export type StatsKind = (typeof STATS_KINDS)[number];

/** The kinds that measure the student: "all tests" figures (dashboard, bell curve) sum only these. */
export const MEASURED_KINDS = ['custom', 'official'] as const satisfies ReadonlyArray<StatsKind>;

export interface KindOrigin {
  type: 'custom' | 'official';
  mode: 'practice' | 'mock_exam' | 'historical' | 'wrong_answers' | 'diagnostic';
}

/** The kind of an attempt: a wrong-answers drill is its own kind, anything else its type. */
export function statsKindOf(attempt: KindOrigin): StatsKind {
  return attempt.mode === 'wrong_answers' ? 'wrong_answers' : attempt.type;
}
