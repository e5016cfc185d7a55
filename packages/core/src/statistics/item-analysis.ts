// Item analysis for authors: from a question's running sums in one period, its
// facility, its discrimination (the point-biserial correlation between the item's score and the
// rest of the exam), its average answer time and the flags that say it needs a look. The sums are kept by the API's job
// (`item_stats`, `item_choice_stats`), so everything here reads a handful of numbers.

/** No flag is raised below this many answers (the facility and option flags) or mock exams. */
export const ITEM_FLAG_MIN_N = 30;
/** Discrimination below this (negative or near zero) is flagged. */
export const LOW_DISCRIMINATION = 0.1;
/** Facility above this share correct is flagged as too easy... */
export const EASY_FACILITY = 0.95;
/** ...and below this as too hard. */
export const HARD_FACILITY = 0.1;
/**
 * The time of one answer counts at most this (30 minutes): the app stores only when each answer
 * was saved, so a student who left the tab open would otherwise skew the mean. The cap itself is
 * applied by the SQL that folds attempts in (`item_stats_add`, API migration 0011).
 */
export const ANSWER_TIME_CAP_SECONDS = 30 * 60;

export const ITEM_FLAGS = [
  'low_discrimination',
  'unused_distractor',
  'distractor_above_key',
  'too_easy',
  'too_hard',
] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/**
 * Running sums over mock-exam attempts of x (the item's score, 0 or 1) and y (the rest of the
 * exam: the attempt's correct answers without this item). Σx² is Σx, since x is 0 or 1.
 */
export type PointBiserialSums = {
  n: number;
  sumX: number;
  sumY: number;
  sumXY: number;
  sumY2: number;
};

/**
 * Pearson's r between x and y from their sums (the point-biserial correlation, since x is 0 or 1):
 * (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)). Null when it is undefined: fewer than two
 * attempts, everyone right or everyone wrong, or the same rest score for all.
 */
export function pointBiserial({ n, sumX, sumY, sumXY, sumY2 }: PointBiserialSums): number | null {
  if (n < 2) return null;
  const varianceX = n * sumX - sumX * sumX;
  const varianceY = n * sumY2 - sumY * sumY;
  if (varianceX <= 0 || varianceY <= 0) return null;
  const r = (n * sumXY - sumX * sumY) / Math.sqrt(varianceX * varianceY);
  return Math.max(-1, Math.min(1, r));
}

/**
 * Approximate answer times: the answered questions with a time, and the sum of their seconds
 * (each from the attempt's previous save, or its begin, to this answer; capped).
 */
export type AnswerTimeSums = { n: number; sumSeconds: number };

export type ItemChoiceCount = { choiceId: number; isCorrect: boolean; chosen: number };

export type ItemCounts = {
  /** Times the question was in a counted, submitted attempt of the period. */
  attempts: number;
  correct: number;
  unanswered: number;
  mock: PointBiserialSums;
  time: AnswerTimeSums;
  choices: ItemChoiceCount[];
};

export type ItemFigures = {
  /** Share answered correctly, 0..1; null without attempts. */
  facility: number | null;
  discrimination: number | null;
  /** Mean approximate seconds per answer; null without timed answers. */
  averageSeconds: number | null;
  /** Per choice: the share of attempts that picked it, 0..1 (null without attempts). */
  shares: Array<{ choiceId: number; share: number | null }>;
  flags: ItemFlag[];
};

/** The figures and flags of one question in one period. */
export function itemFigures(counts: ItemCounts, minN = ITEM_FLAG_MIN_N): ItemFigures {
  const { attempts, correct, choices } = counts;
  const facility = attempts > 0 ? correct / attempts : null;
  const discrimination = pointBiserial(counts.mock);
  const flags: ItemFlag[] = [];
  if (counts.mock.n >= minN && (discrimination === null || discrimination < LOW_DISCRIMINATION)) {
    // Undefined with enough mock exams means everyone scored the item alike: it tells no one apart.
    flags.push('low_discrimination');
  }
  if (attempts >= minN) {
    const keys = choices.filter((choice) => choice.isCorrect);
    const distractors = choices.filter((choice) => !choice.isCorrect);
    if (distractors.some((choice) => choice.chosen === 0)) flags.push('unused_distractor');
    const keyChosen = Math.max(0, ...keys.map((choice) => choice.chosen));
    if (distractors.some((choice) => choice.chosen > keyChosen)) {
      flags.push('distractor_above_key');
    }
    if (facility! > EASY_FACILITY) flags.push('too_easy');
    if (facility! < HARD_FACILITY) flags.push('too_hard');
  }
  return {
    facility,
    discrimination,
    averageSeconds: counts.time.n > 0 ? counts.time.sumSeconds / counts.time.n : null,
    shares: choices.map((choice) => ({
      choiceId: choice.choiceId,
      share: attempts > 0 ? choice.chosen / attempts : null,
    })),
    flags,
  };
}
