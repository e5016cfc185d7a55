// A period's mock exam is drawn by theme weights: whole percentages from 0 to 100, each theme at
// most once, that add up to 100. With elective themes (Ciencias) an exam holds the common themes
// and one elective, so the common weights plus each weighted elective's weight add up to 100, or
// to the period's question count (Ciencias: 18 + 18 + 18 common + 26 elective = 80 questions).

export type ThemeWeightsProblem = 'weightsSum' | 'weightsDuplicate';

export function themeWeightsProblem(
  weights: ReadonlyArray<{ themeId: number; weight: number; isElective?: boolean }>,
  questionCount?: number,
): ThemeWeightsProblem | undefined {
  if (new Set(weights.map((entry) => entry.themeId)).size !== weights.length) {
    return 'weightsDuplicate';
  }
  const valid = weights.every(
    ({ weight }) => Number.isInteger(weight) && weight >= 0 && weight <= 100,
  );
  if (!valid) return 'weightsSum';
  const common = weights
    .filter((entry) => !entry.isElective)
    .reduce((total, { weight }) => total + weight, 0);
  const electives = weights.filter((entry) => entry.isElective && entry.weight > 0);
  if (electives.length === 0) return common === 100 ? undefined : 'weightsSum';
  const totals = new Set(electives.map(({ weight }) => common + weight));
  const [total] = totals;
  return totals.size === 1 && (total === 100 || total === questionCount) ? undefined : 'weightsSum';
}

/**
 * The request-level check, before the server knows which themes are electives: distinct themes,
 * whole percentages; the sum is checked against the themes (`themeWeightsProblem`).
 */
export function themeWeightsShapeProblem(
  weights: ReadonlyArray<{ themeId: number; weight: number }>,
): ThemeWeightsProblem | undefined {
  if (new Set(weights.map((entry) => entry.themeId)).size !== weights.length) {
    return 'weightsDuplicate';
  }
  return weights.every(({ weight }) => Number.isInteger(weight) && weight >= 0 && weight <= 100)
    ? undefined
    : 'weightsSum';
}
