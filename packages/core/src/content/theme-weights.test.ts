import { describe, expect, it } from 'vitest';
import { themeWeightsProblem } from './theme-weights.ts';

const weights = (...values: number[]) => values.map((weight, i) => ({ themeId: i + 1, weight }));

describe('themeWeightsProblem', () => {
  it('accepts whole percentages that add up to 100, zeros included', () => {
    expect(themeWeightsProblem(weights(25, 35, 20, 20))).toBeUndefined();
    expect(themeWeightsProblem(weights(100, 0, 0))).toBeUndefined();
  });

  it('refuses sums other than 100, fractions, negatives and values past 100', () => {
    expect(themeWeightsProblem(weights(50, 49))).toBe('weightsSum');
    expect(themeWeightsProblem(weights(50.5, 49.5))).toBe('weightsSum');
    expect(themeWeightsProblem(weights(120, -20))).toBe('weightsSum');
    expect(themeWeightsProblem([])).toBe('weightsSum');
  });

  it('refuses a theme twice', () => {
    expect(
      themeWeightsProblem([
        { themeId: 1, weight: 50 },
        { themeId: 1, weight: 50 },
      ]),
    ).toBe('weightsDuplicate');
  });
});
