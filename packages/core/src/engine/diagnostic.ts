// The first diagnostic: a short timed test per subscribed subject, once, that
// seeds the score estimate, the themes to work on and the review queue on day one. It is drawn by
// the mock exam's selection (reading units kept whole, clone families once, unseen first) over the
// exam's themes with equal weights and an even spread of difficulty (docs/test-engine.md).
import { selectMockExam, type BankStem } from './selection.ts';
import type { Random } from './random.ts';

/** Questions in a diagnostic (fewer when the bank is short; reading units may round it). */
export const DIAGNOSTIC_QUESTION_COUNT = 15;
/** Its clock, in minutes. */
export const DIAGNOSTIC_MINUTES = 20;
/** Easy, medium and hard in equal parts: a diagnostic has to tell apart every level. */
export const DIAGNOSTIC_DIFFICULTY_PROFILE: readonly [number, number, number] = [1, 1, 1];

/**
 * A diagnostic's questions: `DIAGNOSTIC_QUESTION_COUNT` spread evenly over `themeIds` (the exam's
 * themes: a period's themes with weight, the common ones and the chosen elective), whole reading
 * units, difficulty in equal thirds as far as the bank holds them, in random unit order.
 */
export function selectDiagnostic(
  bank: ReadonlyArray<BankStem>,
  themeIds: ReadonlyArray<number>,
  random: Random,
  seen: ReadonlyMap<number, number> = new Map(),
): BankStem[] {
  return selectMockExam(
    bank,
    themeIds.map((themeId) => ({ themeId, weight: 1 })),
    DIAGNOSTIC_QUESTION_COUNT,
    random,
    seen,
    DIAGNOSTIC_DIFFICULTY_PROFILE,
  );
}
