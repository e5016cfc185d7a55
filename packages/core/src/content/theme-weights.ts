// A period's mock exam is drawn by theme weights: whole percentages from 0 to 100 that add up to
// 100, each theme at most once.

export type ThemeWeightsProblem = 'weightsSum' | 'weightsDuplicate';

export function themeWeightsProblem(
  weights: ReadonlyArray<{ themeId: number; weight: number }>,
): ThemeWeightsProblem | undefined {
  if (new Set(weights.map((entry) => entry.themeId)).size !== weights.length) {
    return 'weightsDuplicate';
  }
  const valid = weights.every(
    ({ weight }) => Number.isInteger(weight) && weight >= 0 && weight <= 100,
  );
  const sum = weights.reduce((total, { weight }) => total + weight, 0);
  return valid && sum === 100 ? undefined : 'weightsSum';
}
