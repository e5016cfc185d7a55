import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom } from './random.ts';
import {
  apportion,
  examWeights,
  mockExamQuotas,
  orderStems,
  pilotPositions,
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

describe('mock exams without repeats', () => {
  /** Marks an exam's questions as seen by attempt `rank` (ranks grow with time). */
  const see = (seen: Map<number, number>, exam: BankStem[], rank: number) => {
    for (const stem of exam) seen.set(stem.id, rank);
  };

  it('three exams in a row share no question when the bank holds three exams per theme, contexts included', () => {
    fc.assert(
      fc.property(
        weightsArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (weights, count, seed) => {
          const quotas = apportion(count, weights);
          // Exactly three exams' worth per theme (contexts of two questions included).
          const bank = bankOf(quotas.map((quota) => 3 * Math.max(1, quota)));
          const themes = weights.map((weight, index) => ({ themeId: index + 1, weight }));
          const random = seededRandom(seed);
          const seen = new Map<number, number>();
          const exams: BankStem[][] = [];
          for (let rank = 1; rank <= 3; rank++) {
            const exam = selectMockExam(bank, themes, count, random, seen);
            expect(exam).toHaveLength(count);
            see(seen, exam, rank);
            exams.push(exam);
          }
          const ids = exams.flat().map((stem) => stem.id);
          // Whole context groups may not fit a quota exactly; then at most a group's remainder repeats.
          expect(ids.length - new Set(ids).size).toBeLessThanOrEqual(weights.length * 2);
        },
      ),
    );
  });

  it('reading texts of 1 to 6 questions: still three disjoint exams from three exams’ worth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 40 }),
        fc.integer(),
        (sizes, seed) => {
          const bank: BankStem[] = [];
          sizes.forEach((size, context) => {
            for (let i = 0; i < size; i++) {
              bank.push({
                id: bank.length + 1,
                themeId: 1,
                contextId: size > 1 ? context : null,
                stemNumber: bank.length + 1,
              });
            }
          });
          const count = Math.floor(bank.length / 3);
          const random = seededRandom(seed);
          const seen = new Map<number, number>();
          const ids: number[] = [];
          for (let rank = 1; rank <= 3; rank++) {
            const exam = selectMockExam(bank, [{ themeId: 1, weight: 100 }], count, random, seen);
            expect(exam).toHaveLength(count);
            see(seen, exam, rank);
            ids.push(...exam.map((stem) => stem.id));
          }
          expect(new Set(ids).size).toBe(ids.length);
        },
      ),
    );
  });

  it('with no contexts, three exams are exactly disjoint', () => {
    fc.assert(
      fc.property(
        weightsArb,
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (weights, count, seed) => {
          const quotas = apportion(count, weights);
          const bank = bankOf(quotas.map((quota) => 3 * Math.max(1, quota))).map((stem) => ({
            ...stem,
            contextId: null,
          }));
          const themes = weights.map((weight, index) => ({ themeId: index + 1, weight }));
          const random = seededRandom(seed);
          const seen = new Map<number, number>();
          const ids: number[] = [];
          for (let rank = 1; rank <= 3; rank++) {
            const exam = selectMockExam(bank, themes, count, random, seen);
            see(seen, exam, rank);
            ids.push(...exam.map((stem) => stem.id));
          }
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).toHaveLength(3 * count);
        },
      ),
    );
  });

  it('when the bank is short, repeats the least recently seen first', () => {
    const bank = bankOf([6]).map((stem) => ({ ...stem, contextId: null }));
    const themes = [{ themeId: 1, weight: 100 }];
    const seen = new Map<number, number>();
    // Seen in attempt 1: the first three; in attempt 2: the last three.
    bank.slice(0, 3).forEach((stem) => seen.set(stem.id, 1));
    bank.slice(3).forEach((stem) => seen.set(stem.id, 2));
    const exam = selectMockExam(bank, themes, 4, seededRandom(5), seen);
    const ids = new Set(exam.map((stem) => stem.id));
    for (const stem of bank.slice(0, 3)) expect(ids.has(stem.id)).toBe(true);
    expect(exam).toHaveLength(4);
  });

  it('takes a context group as a whole, seen as its most recently seen question', () => {
    const bank: BankStem[] = [
      { id: 1, themeId: 1, contextId: 9, stemNumber: 1 },
      { id: 2, themeId: 1, contextId: 9, stemNumber: 2 },
      { id: 3, themeId: 1, contextId: null, stemNumber: 3 },
      { id: 4, themeId: 1, contextId: null, stemNumber: 4 },
    ];
    const seen = new Map([[2, 1]]);
    const exam = selectMockExam(bank, [{ themeId: 1, weight: 100 }], 2, seededRandom(1), seen);
    expect(exam.map((stem) => stem.id).sort()).toEqual([3, 4]);
  });
});

describe('electives and pilot questions', () => {
  const ciencias = [
    { themeId: 1, weight: 18, isElective: false },
    { themeId: 2, weight: 18, isElective: false },
    { themeId: 3, weight: 18, isElective: false },
    { themeId: 4, weight: 26, isElective: true },
    { themeId: 5, weight: 26, isElective: true },
    { themeId: 6, weight: 26, isElective: true },
  ];

  it('a Ciencias exam of 80 holds 18 + 18 + 18 common questions and 26 of the chosen elective', () => {
    const bank = bankOf([60, 60, 60, 60, 60, 60]);
    const exam = selectMockExam(bank, examWeights(ciencias, 5), 80, seededRandom(2));
    const perTheme = [1, 2, 3, 4, 5, 6].map(
      (themeId) => exam.filter((stem) => stem.themeId === themeId).length,
    );
    expect(perTheme).toEqual([18, 18, 18, 0, 26, 0]);
  });

  it('a subject without electives keeps every theme', () => {
    const weights = ciencias.slice(0, 3);
    expect(examWeights(weights, null)).toEqual(weights);
  });

  it('marks 5 distinct pilot positions within the exam, fewer in a short one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 90 }), fc.integer(), (total, seed) => {
        const pilots = pilotPositions(total, 5, seededRandom(seed));
        expect(pilots).toHaveLength(Math.min(5, Math.max(0, total - 1)));
        expect(new Set(pilots).size).toBe(pilots.length);
        for (const position of pilots) {
          expect(position).toBeGreaterThanOrEqual(1);
          expect(position).toBeLessThanOrEqual(total);
        }
      }),
    );
    expect(pilotPositions(65, 0, seededRandom(1))).toEqual([]);
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
