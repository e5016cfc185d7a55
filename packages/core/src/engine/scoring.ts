// Scoring of a submitted attempt (spec 001, section 5), pure so that the API, the seed and the
// property tests share it.

/** The PAES and the class B theory exam behave differently (spec 001, section 9). */
export const PAES_STANDARD_TEST_ID = 1;
export const CLASS_B_STANDARD_TEST_ID = 2;
/** Class B: 3 distinct question numbers from 1 to 35 are worth one more point each. */
export const SPECIAL_QUESTION_COUNT = 3;
export const SPECIAL_QUESTION_MAX = 35;
/** A custom test passes at this percentage of correct answers. */
export const CUSTOM_PASS_PERCENTAGE = 50;

export type AttemptType = 'custom' | 'official';

export interface ScoredQuestion {
  /** 1-based number in the attempt. */
  position: number;
  themeId: number;
  isMultiChoice: boolean;
  /** Ids of the choices that are correct. */
  keyIds: ReadonlyArray<number>;
  /** Ids the student picked; empty when unanswered. */
  chosenIds: ReadonlyArray<number>;
  /** A PAES mock exam's pilot question: its outcome is kept but it is not scored. */
  isPilot?: boolean;
}

export type Outcome = 'correct' | 'incorrect' | 'unanswered';

/**
 * What a subject's approval grade means (spec README: "458 of 1000" is not a pass mark):
 * `pass_mark`: an official test passes at it (class B, 33 of 38 points);
 * `application_average`: it is the minimum average of the tests marked so (PAES Competencia Lectora
 * and M1, 458) needed to apply to a university, so one test neither passes nor fails;
 * `none`: no mark (PAES M2, Ciencias, Historia).
 */
export const APPROVAL_RULES = ['pass_mark', 'application_average', 'none'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];
/** The PAES minimum average of Competencia Lectora and M1 to apply to most universities. */
export const PAES_APPLICATION_AVERAGE = 458;

/**
 * The application average of the tests that enter it (CL and M1): the mean of the student's
 * grades, rounded, when there is one for each of `required` tests; otherwise null.
 */
export function applicationAverage(grades: ReadonlyArray<number>, required = 2): number | null {
  if (grades.length < required || required === 0) return null;
  return Math.round(grades.slice(0, required).reduce((acc, grade) => acc + grade, 0) / required);
}

/**
 * Single choice: correct when the one pick is a key. Multi-choice: correct when the number of
 * picked keys equals the number of keys; wrong picks are not subtracted (spec 001, section 5).
 */
export function questionOutcome(
  question: Pick<ScoredQuestion, 'isMultiChoice' | 'keyIds' | 'chosenIds'>,
): Outcome {
  const { chosenIds, keyIds, isMultiChoice } = question;
  if (chosenIds.length === 0) return 'unanswered';
  const keys = new Set(keyIds);
  if (!isMultiChoice) {
    return chosenIds.length === 1 && keys.has(chosenIds[0]!) ? 'correct' : 'incorrect';
  }
  const pickedKeys = new Set(chosenIds.filter((id) => keys.has(id))).size;
  return pickedKeys === keys.size && keys.size > 0 ? 'correct' : 'incorrect';
}

export interface ThemeCounts {
  themeId: number;
  correct: number;
  incorrect: number;
  unanswered: number;
}

export interface AttemptScore {
  /** Every question's outcome, pilot questions included (they count in the question statistics). */
  outcomes: Array<{ position: number; outcome: Outcome }>;
  /** Scored questions: pilot questions are left out of the total, the counts and the themes. */
  total: number;
  /** Pilot questions, not scored. */
  pilot: number;
  correct: number;
  incorrect: number;
  unanswered: number;
  /** Class B official points before the grade table: correct answers plus correct specials. */
  points: number;
  score: number;
  /** Null when the subject has no pass mark (`approvalRule` other than `pass_mark`). */
  passed: boolean | null;
  themes: ThemeCounts[];
}

export interface ScoringRules {
  type: AttemptType;
  standardTestId: number;
  specialNumbers: ReadonlyArray<number>;
  /** The subject's grade table: raw correct answers (class B: points) to grade. */
  gradeTable: ReadonlyArray<{ goodAnswersQuantity: number; grade: number }>;
  approvalGrade: number;
  /** Default `pass_mark`. */
  approvalRule?: ApprovalRule;
}

/**
 * The grade of a raw count: the row whose good_answers_quantity equals it, else the nearest row
 * below it (a table with gaps), else 0.
 */
export function gradeFor(
  raw: number,
  table: ReadonlyArray<{ goodAnswersQuantity: number; grade: number }>,
): number {
  let best: { goodAnswersQuantity: number; grade: number } | undefined;
  for (const row of table) {
    if (row.goodAnswersQuantity === raw) return row.grade;
    if (
      row.goodAnswersQuantity < raw &&
      (!best || row.goodAnswersQuantity > best.goodAnswersQuantity)
    ) {
      best = row;
    }
  }
  return best?.grade ?? 0;
}

/**
 * Scores an attempt. Custom tests score 0 and pass at 50 % correct. Official tests score the grade
 * of the correct count; class B counts one point per correct answer and one more per correct
 * special question, and grades the points. Official tests pass at the subject's approval grade when
 * it is a pass mark; otherwise `passed` is null. Pilot questions are not scored.
 */
export function scoreAttempt(
  questions: ReadonlyArray<ScoredQuestion>,
  rules: ScoringRules,
): AttemptScore {
  const themes = new Map<number, ThemeCounts>();
  const specials = new Set(rules.specialNumbers);
  let correct = 0;
  let incorrect = 0;
  let unanswered = 0;
  let specialCorrect = 0;
  let pilot = 0;
  const outcomes = questions.map((question) => {
    const outcome = questionOutcome(question);
    if (question.isPilot) {
      pilot += 1;
      return { position: question.position, outcome };
    }
    const counts = themes.get(question.themeId) ?? {
      themeId: question.themeId,
      correct: 0,
      incorrect: 0,
      unanswered: 0,
    };
    counts[outcome] += 1;
    themes.set(question.themeId, counts);
    if (outcome === 'correct') {
      correct += 1;
      if (specials.has(question.position)) specialCorrect += 1;
    } else if (outcome === 'incorrect') incorrect += 1;
    else unanswered += 1;
    return { position: question.position, outcome };
  });
  const total = questions.length - pilot;
  const classB = rules.standardTestId === CLASS_B_STANDARD_TEST_ID;
  const points = classB ? correct + specialCorrect : correct;
  let score = 0;
  let passed: boolean | null;
  if (rules.type === 'official') {
    score = gradeFor(points, rules.gradeTable);
    passed =
      (rules.approvalRule ?? 'pass_mark') === 'pass_mark' ? score >= rules.approvalGrade : null;
  } else {
    passed = total > 0 && correct * 100 >= CUSTOM_PASS_PERCENTAGE * total;
  }
  return {
    outcomes,
    total,
    pilot,
    correct,
    incorrect,
    unanswered,
    points,
    score,
    passed,
    themes: [...themes.values()],
  };
}

/** Percentage of correct answers, rounded to one decimal. */
export function correctPercentage(correct: number, total: number): number {
  return total === 0 ? 0 : Math.round((correct * 1000) / total) / 10;
}
