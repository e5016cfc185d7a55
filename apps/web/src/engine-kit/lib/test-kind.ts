import type { TestMode } from '@ensaya/core/contracts/engine';
import type { WrongSource } from '@ensaya/core/engine/wrong-answers';

/**
 * The name key of an attempt's kind (one name per kind, on buttons, titles, history and
 * result). A wrong-answers test is named by its source: the spaced review (`review`), the questions
 * the student missed (`own`) or the ones everyone misses most (`general`); without a source (an
 * older attempt) it keeps the mode's own name.
 */
export function testKindKey(
  mode: TestMode,
  wrongSource: WrongSource | null | undefined,
): `${TestMode}` | `wrong_answers_${WrongSource}` {
  return mode === 'wrong_answers' && wrongSource ? `wrong_answers_${wrongSource}` : mode;
}
