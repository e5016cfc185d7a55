import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom } from './random.ts';
import {
  apportion,
  mockExamQuotas,
  orderStems,
  selectMockExam,
  selectPractice,
  type BankStem,
} from './selection.ts';

/** A bank of `sizes[t]` questions per theme; every fourth question of a theme shares a context. */
function bankOf(sizes: number[]): BankStem[] {
  const bank: BankStem[] = [];
  let number = 0;
  sizes.forEach((size, theme) => {
    for (let i = 0; i < size; i++) {
      number += 1;
      bank.push({
        id: number * 7,
        themeId: theme + 1,
        contextId: i % 4 === 0 || i % 4 === 1 ? theme * 1000 + Math.floor(i / 4) : null,
        stemNumber: number,
      });
    }
  });
  return bank;
}

const weightsArb = fc
  .array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 })
  .map((raw) => {
    // Whole percentages that add up to 100, as the back office keeps them.
    const parts = apportion(100, raw);
    return parts;
  });

describe('apportion (largest remainder)', () => {
  it('splits 65 questions of M1 by 15/35/25/25 as 10/23/16/16', () => {
    expect(apportion(65, [15, 35, 25, 25])).toEqual([10, 23, 16, 16]);
  });

  it('always adds up and never strays more than one from the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), weightsArb, (total, weights) => {
        const parts = apportion(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const sum = weights.reduce((a, b) => a + b, 0);
        parts.forEach((part, index) => {
          const exact = (total * weights[index]!) / sum;
          expect(Math.abs(part - exact)).toBeLessThan(1);
        });
      }),
    );
  });
});

describe('mock exam selection', () => {
  it('matches the weights when the bank is large enough, with no repeats and contexts together', () => {
    fc.assert(
      fc.property(
        weightsArb,
        fc.integer({ min: 1, max: 80 }),
        fc.integer(),
        (weights, count, seed) => {
          const bank = bankOf(weights.map(() => count + 3));
          const themes = weights.map((weight, index) => ({ themeId: index + 1, weight }));
          const exam = selectMockExam(bank, themes, count, seededRandom(seed));
          expect(exam).toHaveLength(count);
          expect(new Set(exam.map((stem) => stem.id)).size).toBe(count);
          const expected = apportion(count, weights);
          themes.forEach(({ themeId }, index) => {
            expect(exam.filter((stem) => stem.themeId === themeId)).toHaveLength(expected[index]!);
          });
          // Each context's questions are consecutive.
          const seen = new Map<number, number[]>();
          exam.forEach((stem, position) => {
            if (stem.contextId !== null) {
              seen.set(stem.contextId, [...(seen.get(stem.contextId) ?? []), position]);
            }
          });
          for (const positions of seen.values()) {
            expect(positions.at(-1)! - positions[0]!).toBe(positions.length - 1);
          }
        },
      ),
    );
  });

  it('moves the shortfall of a small theme to the others and never exceeds the bank', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ weight: fc.integer({ min: 0, max: 100 }), available: fc.nat(40) }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.integer({ min: 0, max: 120 }),
        (themes, count) => {
          const quotas = mockExamQuotas(
            count,
            themes.map((theme, index) => ({ themeId: index, ...theme })),
          );
          const available = themes.reduce((acc, theme) => acc + theme.available, 0);
          expect(quotas.reduce((a, b) => a + b, 0)).toBe(Math.min(count, available));
          quotas.forEach((quota, index) =>
            expect(quota).toBeLessThanOrEqual(themes[index]!.available),
          );
        },
      ),
    );
  });
});

describe('practice selection', () => {
  const bank = bankOf([12, 8, 5]);

  it('gives every mode the questions asked for, without repeats', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 25 }),
        fc.boolean(),
        fc.integer(),
        (a, b, randomOrder, seed) => {
          const random = seededRandom(seed);
          const count = selectPractice(bank, { value: 2, limit: a }, randomOrder, random);
          expect(count.ok && count.stems.length).toBe(a);
          const [from, to] = a <= b ? [a, b] : [b, a];
          const range = selectPractice(bank, { value: 3, from, to }, randomOrder, random);
          expect(
            range.ok && range.stems.map((stem) => stem.stemNumber).sort((x, y) => x - y),
          ).toEqual(Array.from({ length: to - from + 1 }, (_, index) => from + index));
          const byTheme = selectPractice(
            bank,
            { value: 4, themes: [{ theme_id: 3, quantity: Math.min(a, 5) }] },
            randomOrder,
            random,
          );
          expect(byTheme.ok && byTheme.stems.every((stem) => stem.themeId === 3)).toBe(true);
          expect(byTheme.ok && byTheme.stems.length).toBe(Math.min(a, 5));
          for (const result of [count, range, byTheme]) {
            if (result.ok) expect(new Set(result.stems).size).toBe(result.stems.length);
          }
        },
      ),
    );
  });

  it('refuses what the bank cannot give', () => {
    const random = seededRandom(1);
    expect(selectPractice(bank, { value: 2, limit: 26 }, false, random)).toMatchObject({
      ok: false,
      problem: { field: 'limit', params: { max: 25 } },
    });
    expect(selectPractice(bank, { value: 3, from: 20, to: 26 }, false, random)).toMatchObject({
      ok: false,
      problem: { message: 'engine.rangeInvalid' },
    });
    expect(
      selectPractice(bank, { value: 4, themes: [{ theme_id: 9, quantity: 1 }] }, false, random),
    ).toMatchObject({ ok: false, problem: { message: 'engine.themeUnknown' } });
  });

  it('keeps bank order without random questions', () => {
    const ordered = orderStems(bank, false, seededRandom(3));
    expect(ordered.map((stem) => stem.stemNumber)).toEqual(bank.map((stem) => stem.stemNumber));
  });
});
