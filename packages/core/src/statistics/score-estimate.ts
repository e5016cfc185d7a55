// The PAES score estimate (the method in docs/score-estimate.md): a Beta-Binomial
// model of the student's probability of answering a scored item right, per subject, fed by mock
// exam answers (weight 1) and practice answers (weight `PRACTICE_WEIGHT`); the posterior's 10th,
// 50th and 90th percentiles of that probability, times the scored items, read through the
// subject's grade table (interpolated) give the score and its 80 % interval. Pure, so that the API
// and the coverage tests share it.

/** A practice answer counts as half a mock exam answer (chosen themes, study mode, no clock). */
export const PRACTICE_WEIGHT = 0.5;
/** The weak prior's strength (pseudo-answers): Beta(2, 2) when centred on 50 %. */
export const PRIOR_STRENGTH = 4;
/** The interval's ends: the 10th and 90th percentiles (an 80 % interval). */
export const INTERVAL_LOW = 0.1;
export const INTERVAL_HIGH = 0.9;
/** No estimate before this many submitted mock exams in the subject. */
export const MIN_MOCK_EXAMS = 1;
/** The prior is centred on the population's mean accuracy once this many students sent mock exams. */
export const POPULATION_PRIOR_MIN_STUDENTS = 20;
/** A theme's "raise it" step: +20 percentage points, or up to the student's overall level. */
export const THEME_RAISE = 0.2;
/** How many themes the estimate names as the ones that raise the score most. */
export const TOP_THEME_GAINS = 3;
/** Points of the quantile grid the CL + M1 average is convolved on (per test). */
export const AVERAGE_GRID = 200;

export interface BetaParams {
  alpha: number;
  beta: number;
}

export interface AnswerCounts {
  /** Scored questions answered (unanswered ones count: they are not right). */
  questions: number;
  correct: number;
}

export interface GradeRow {
  goodAnswersQuantity: number;
  grade: number;
}

// --- Beta distribution ----------------------------------------------------------------------------

const LANCZOS = [
  676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905,
  -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7). */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = 0.99999999999980993;
  for (let i = 0; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i + 1);
  const t = z + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 500; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-14) break;
  }
  return h;
}

/** The Beta(a, b) distribution function at x (the regularized incomplete beta I_x(a, b)). */
export function betaCdf(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(x, a, b)) / a
    : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** The Beta(a, b) quantile of q in (0, 1), by bisection of the distribution function. */
export function betaQuantile(q: number, a: number, b: number): number {
  if (q <= 0) return 0;
  if (q >= 1) return 1;
  let low = 0;
  let high = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (betaCdf(mid, a, b) < q) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

// --- The model --------------------------------------------------------------------------------

/**
 * The prior of the probability of answering right: centred on `mean` (the population's mean
 * accuracy in the subject, or 50 %) with `PRIOR_STRENGTH` pseudo-answers: Beta(2, 2) by default.
 */
export function priorFor(mean = 0.5, strength = PRIOR_STRENGTH): BetaParams {
  const centre = Math.min(0.95, Math.max(0.05, mean));
  return { alpha: strength * centre, beta: strength * (1 - centre) };
}

/** The posterior after mock exam answers (weight 1) and practice answers (`practiceWeight`). */
export function posterior(
  prior: BetaParams,
  official: AnswerCounts,
  practice: AnswerCounts,
  practiceWeight = PRACTICE_WEIGHT,
): BetaParams {
  const wrong = (counts: AnswerCounts) => Math.max(0, counts.questions - counts.correct);
  return {
    alpha: prior.alpha + official.correct + practiceWeight * practice.correct,
    beta: prior.beta + wrong(official) + practiceWeight * wrong(practice),
  };
}

/** The grade table in ascending raw order, one row per raw count. */
export function sortedTable(table: ReadonlyArray<GradeRow>): GradeRow[] {
  return [...table].sort((a, b) => a.goodAnswersQuantity - b.goodAnswersQuantity);
}

/**
 * The grade of a (fractional) raw count: linear between the table's rows around it, the first
 * row's grade below the table and the last one's above it. `table` sorted (see `sortedTable`).
 */
export function interpolatedGrade(raw: number, table: ReadonlyArray<GradeRow>): number {
  if (table.length === 0) return 0;
  const first = table[0]!;
  const last = table[table.length - 1]!;
  if (raw <= first.goodAnswersQuantity) return first.grade;
  if (raw >= last.goodAnswersQuantity) return last.grade;
  let low = 0;
  let high = table.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (table[mid]!.goodAnswersQuantity <= raw) low = mid;
    else high = mid;
  }
  const a = table[low]!;
  const b = table[high]!;
  const span = b.goodAnswersQuantity - a.goodAnswersQuantity;
  return a.grade + ((b.grade - a.grade) * (raw - a.goodAnswersQuantity)) / span;
}

export interface Interval {
  low: number;
  mid: number;
  high: number;
}

export interface ThemeEvidence {
  themeId: number;
  name: string;
  /** The theme's weight in the mock exam, in percent of the scored items. */
  weight: number;
  official: AnswerCounts;
  practice: AnswerCounts;
}

export interface ThemeGain {
  themeId: number;
  name: string;
  /** Scored items of the theme in a mock exam (weight x scored items). */
  quota: number;
  /** The student's estimated accuracy in the theme now and after raising it (0..1). */
  accuracy: number;
  target: number;
  /** Expected points gained in the test's score. */
  points: number;
}

export interface SubjectEstimateInput {
  official: AnswerCounts;
  practice: AnswerCounts;
  /** Submitted mock exams of the subject. */
  mockExams: number;
  /** Scored items of a mock exam (the grade table's scale). */
  scoredItems: number;
  gradeTable: ReadonlyArray<GradeRow>;
  prior?: BetaParams;
  practiceWeight?: number;
  themes?: ReadonlyArray<ThemeEvidence>;
}

export interface SubjectEstimate {
  posterior: BetaParams;
  /** The probability of answering a scored item right: 10th, 50th, 90th percentiles (0..1). */
  accuracy: Interval;
  /** The scale score at those percentiles. */
  score: Interval;
  /** Answers counted, practice ones at their weight. */
  effectiveAnswers: number;
  themeGains: ThemeGain[];
}

/** The scale score of an accuracy p: p x scored items through the grade table. */
export function scoreAt(p: number, scoredItems: number, table: ReadonlyArray<GradeRow>): number {
  return interpolatedGrade(p * scoredItems, table);
}

/** Whether there is enough evidence for an estimate: at least `MIN_MOCK_EXAMS` mock exams. */
export function hasEnoughEvidence(mockExams: number, official: AnswerCounts): boolean {
  return mockExams >= MIN_MOCK_EXAMS && official.questions > 0;
}

/**
 * Per theme, the expected points for raising it: the theme's accuracy (its answers, shrunk towards
 * the student's overall accuracy with `PRIOR_STRENGTH` pseudo-answers) raised by
 * `THEME_RAISE`, or to the overall accuracy when that is further, never above 100 %; the raw
 * correct answers change by Δp x the theme's quota, read through the grade table at the student's
 * median raw score. The best `TOP_THEME_GAINS` with a gain of at least one point, best first.
 */
export function themeGains(
  themes: ReadonlyArray<ThemeEvidence>,
  overall: number,
  scoredItems: number,
  table: ReadonlyArray<GradeRow>,
  practiceWeight = PRACTICE_WEIGHT,
): ThemeGain[] {
  const baseRaw = overall * scoredItems;
  const baseGrade = interpolatedGrade(baseRaw, table);
  return themes
    .filter((theme) => theme.weight > 0)
    .map((theme) => {
      const questions = theme.official.questions + practiceWeight * theme.practice.questions;
      const correct = theme.official.correct + practiceWeight * theme.practice.correct;
      const accuracy = (PRIOR_STRENGTH * overall + correct) / (PRIOR_STRENGTH + questions);
      const target = Math.min(1, accuracy + Math.max(THEME_RAISE, overall - accuracy));
      const quota = (theme.weight / 100) * scoredItems;
      const points = interpolatedGrade(baseRaw + (target - accuracy) * quota, table) - baseGrade;
      return {
        themeId: theme.themeId,
        name: theme.name,
        quota: Math.round(quota * 10) / 10,
        accuracy,
        target,
        points: Math.round(points),
      };
    })
    .filter((gain) => gain.points >= 1)
    .sort((a, b) => b.points - a.points || b.quota - a.quota || a.themeId - b.themeId)
    .slice(0, TOP_THEME_GAINS);
}

/** The estimate of one test, or null without enough evidence (`hasEnoughEvidence`). */
export function estimateSubject(input: SubjectEstimateInput): SubjectEstimate | null {
  if (!hasEnoughEvidence(input.mockExams, input.official)) return null;
  if (input.scoredItems <= 0 || input.gradeTable.length === 0) return null;
  const weight = input.practiceWeight ?? PRACTICE_WEIGHT;
  const post = posterior(input.prior ?? priorFor(), input.official, input.practice, weight);
  const table = sortedTable(input.gradeTable);
  const accuracy = {
    low: betaQuantile(INTERVAL_LOW, post.alpha, post.beta),
    mid: betaQuantile(0.5, post.alpha, post.beta),
    high: betaQuantile(INTERVAL_HIGH, post.alpha, post.beta),
  };
  const score = {
    low: scoreAt(accuracy.low, input.scoredItems, table),
    mid: scoreAt(accuracy.mid, input.scoredItems, table),
    high: scoreAt(accuracy.high, input.scoredItems, table),
  };
  return {
    posterior: post,
    accuracy,
    score,
    effectiveAnswers: input.official.questions + weight * input.practice.questions,
    themeGains: themeGains(input.themes ?? [], accuracy.mid, input.scoredItems, table, weight),
  };
}

/** A test's score distribution on an even quantile grid: score at quantiles (i + ½) / n. */
export function scoreGrid(
  post: BetaParams,
  scoredItems: number,
  table: ReadonlyArray<GradeRow>,
  points = AVERAGE_GRID,
): number[] {
  const sorted = sortedTable(table);
  return Array.from({ length: points }, (_, i) =>
    scoreAt(betaQuantile((i + 0.5) / points, post.alpha, post.beta), scoredItems, sorted),
  );
}

export interface AverageEstimate {
  average: Interval;
  /** Probability (0..1) that the average is at least `threshold`. */
  probability: number;
}

/**
 * The average of two tests (CL and M1) from their score grids (`scoreGrid`, equally likely points,
 * independent tests): every pair's mean is one equally likely outcome of the average (a discrete
 * convolution). The 10th, 50th and 90th percentiles of those means and the share at or above
 * `threshold`.
 */
export function averageEstimate(
  first: ReadonlyArray<number>,
  second: ReadonlyArray<number>,
  threshold: number,
): AverageEstimate {
  const means: number[] = [];
  for (const a of first) for (const b of second) means.push((a + b) / 2);
  means.sort((x, y) => x - y);
  const at = (q: number) => means[Math.min(means.length - 1, Math.floor(q * means.length))]!;
  const above = means.length - lowerBound(means, threshold);
  return {
    average: { low: at(INTERVAL_LOW), mid: at(0.5), high: at(INTERVAL_HIGH) },
    probability: means.length === 0 ? 0 : above / means.length,
  };
}

/** The first index whose value is at least `value` in an ascending array. */
function lowerBound(values: ReadonlyArray<number>, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
