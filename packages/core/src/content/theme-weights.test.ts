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

  it('with electives: the common weights plus each elective add up to 100 or the count', () => {
    const ciencias = [
      { themeId: 1, weight: 18 },
      { themeId: 2, weight: 18 },
      { themeId: 3, weight: 18 },
      { themeId: 4, weight: 26, isElective: true },
      { themeId: 5, weight: 26, isElective: true },
      { themeId: 6, weight: 26, isElective: true },
    ];
    expect(themeWeightsProblem(ciencias, 80)).toBeUndefined();
    expect(themeWeightsProblem(ciencias, 65)).toBe('weightsSum');
    expect(
      themeWeightsProblem(
        ciencias.map((entry) => ({ ...entry, weight: entry.isElective ? 40 : 20 })),
      ),
    ).toBeUndefined();
    expect(
      themeWeightsProblem(
        ciencias.map((entry) => ({ ...entry, isElective: false })),
        80,
      ),
    ).toBe('weightsSum');
    expect(
      themeWeightsProblem(
        [...ciencias.slice(0, 5), { themeId: 6, weight: 25, isElective: true }],
        80,
      ),
    ).toBe('weightsSum');
    // An elective left at 0 is not in the exam and needs no sum of its own.
    expect(
      themeWeightsProblem(
        [...ciencias.slice(0, 5), { themeId: 6, weight: 0, isElective: true }],
        80,
      ),
    ).toBeUndefined();
  });
});
