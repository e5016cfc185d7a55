// A question's difficulty: 1 easy, 2 medium, 3 hard. Authored in the bank, replaced by
// the population's measured facility once enough students answered it; a mock exam follows a real
// form's profile of easy, medium and hard questions (docs/content.md, "Difficulty").
import { CLASS_B_STANDARD_TEST_ID } from './scoring.ts';

export const DIFFICULTIES = [1, 2, 3] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** Percent of easy, medium and hard questions in a PAES mock exam (docs/content.md). */
export const MOCK_EXAM_DIFFICULTY_PROFILE: readonly [number, number, number] = [30, 45, 25];
/**
 * The class B theory exam's profile: a form a prepared candidate passes at 33 of 38 points holds
 * mostly questions such a candidate answers right (docs/content.md).
 */
export const CLASS_B_DIFFICULTY_PROFILE: readonly [number, number, number] = [50, 40, 10];

/** The difficulty profile of a standard test's mock exams. */
export function mockExamDifficultyProfile(
  standardTestId: number,
): readonly [number, number, number] {
  return standardTestId === CLASS_B_STANDARD_TEST_ID
    ? CLASS_B_DIFFICULTY_PROFILE
    : MOCK_EXAM_DIFFICULTY_PROFILE;
}

/** Answers from the population before the measured facility replaces the authored difficulty. */
export const MEASURED_DIFFICULTY_MIN_ANSWERS = 30;
/** A question at least this share of students answer correctly is easy... */
export const EASY_FACILITY_FROM = 0.7;
/** ...at least this share, medium; below it, hard. */
export const MEDIUM_FACILITY_FROM = 0.4;

/** The difficulty of a facility (share correct, 0..1). */
export function difficultyOfFacility(facility: number): Difficulty {
  if (facility >= EASY_FACILITY_FROM) return 1;
  if (facility >= MEDIUM_FACILITY_FROM) return 2;
  return 3;
}

/**
 * The difficulty selection uses: the measured one once the question has at least
 * `MEASURED_DIFFICULTY_MIN_ANSWERS` answers (attempts that held it, `correct` of them right),
 * otherwise the authored one.
 */
export function effectiveDifficulty(
  authored: Difficulty,
  answers: number,
  correct: number,
): Difficulty {
  if (answers < MEASURED_DIFFICULTY_MIN_ANSWERS) return authored;
  return difficultyOfFacility(correct / answers);
}

export function isDifficulty(value: unknown): value is Difficulty {
  return value === 1 || value === 2 || value === 3;
}
