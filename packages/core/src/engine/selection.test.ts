import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom, shuffled } from './random.ts';
import { MOCK_EXAM_DIFFICULTY_PROFILE, type Difficulty } from './difficulty.ts';
import {
  apportion,
  difficultyTargets,
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

// A mock exam is built like the real form, of whole reading units.

/** A bank of texts: `texts[k]` lists the theme of each question of text k (1-based themes). */
function textBank(texts: ReadonlyArray<ReadonlyArray<number>>, firstId = 1): BankStem[] {
  const bank: BankStem[] = [];
  texts.forEach((themes, text) => {
    for (const themeId of themes) {
      const id = firstId + bank.length;
      bank.push({ id, themeId, contextId: themes.length > 1 ? text : null, stemNumber: id });
    }
  });
  return bank;
}

/** The units of an exam by context (questions without one are units alone), as stem ids. */
function unitsOf(exam: ReadonlyArray<BankStem>): number[][] {
  const units = new Map<string, number[]>();
  for (const stem of exam) {
    const key = stem.contextId === null ? `s${stem.id}` : `c${stem.contextId}`;
    units.set(key, [...(units.get(key) ?? []), stem.id]);
  }
  return [...units.values()];
}

/** Every text of the exam is whole, its questions next to each other, in bank order. */
function expectWholeTexts(exam: ReadonlyArray<BankStem>, bank: ReadonlyArray<BankStem>) {
  const positions = new Map<number, number[]>();
  exam.forEach((stem, position) => {
    if (stem.contextId !== null)
      positions.set(stem.contextId, [...(positions.get(stem.contextId) ?? []), position]);
  });
  for (const [contextId, at] of positions) {
    const text = bank.filter((stem) => stem.contextId === contextId).map((stem) => stem.id);
    expect(at.map((position) => exam[position]!.id)).toEqual(text);
    expect(at.at(-1)! - at[0]!).toBe(at.length - 1);
  }
}

/** The sums of questions whole units can make (subset sums of the sizes). */
function reachableSums(sizes: ReadonlyArray<number>): Set<number> {
  let sums = new Set([0]);
  for (const size of sizes) sums = new Set([...sums, ...[...sums].map((sum) => sum + size)]);
  return sums;
}

const textsArb = (maxTexts: number, maxSize: number, themes: number) =>
  fc.array(fc.array(fc.integer({ min: 1, max: themes }), { minLength: 1, maxLength: maxSize }), {
    minLength: 1,
    maxLength: maxTexts,
  });

describe('mock exams of whole reading units', () => {
  it('takes a text with all its questions, in bank order, whatever their themes, and the nearest count units make', () => {
    fc.assert(
      fc.property(
        textsArb(14, 9, 3),
        fc.integer({ min: 1, max: 60 }),
        weightsArb.filter((weights) => weights.length === 3),
        fc.integer(),
        (texts, count, weights, seed) => {
          const bank = textBank(texts);
          const themes = weights.map((weight, index) => ({ themeId: index + 1, weight }));
          const exam = selectMockExam(bank, themes, count, seededRandom(seed));
          expectWholeTexts(exam, bank);
          expect(new Set(exam.map((stem) => stem.id)).size).toBe(exam.length);
          // The count whole units reach nearest to the one asked (fewer on a tie; never none).
          const sums = [...reachableSums(texts.map((text) => text.length))].filter(
            (sum) => sum > 0,
          );
          const target = Math.min(count, bank.length);
          const nearest = sums.reduce((best, sum) => {
            const [d, e] = [Math.abs(sum - target), Math.abs(best - target)];
            return d < e || (d === e && sum < best) ? sum : best;
          });
          expect(exam).toHaveLength(nearest);
        },
      ),
    );
  });

  it('three exams from three exams’ worth of texts take every text once, whole', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 60, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 200, maxLength: 200 }),
        fc.integer(),
        (count, cuts, themeOf, seed) => {
          // Three exams of texts each adding up to `count`, shuffled together.
          const sizes: number[] = [];
          let cut = 0;
          for (let exam = 0; exam < 3; exam++) {
            for (let left = count; left > 0;) {
              const size = Math.min(left, cuts[cut++ % cuts.length]!);
              sizes.push(size);
              left -= size;
            }
          }
          const order = shuffled(sizes, seededRandom(seed));
          let question = 0;
          const bank = textBank(
            order.map((size) => Array.from({ length: size }, () => themeOf[question++ % 200]!)),
          );
          const themes = [
            { themeId: 1, weight: 25 },
            { themeId: 2, weight: 45 },
            { themeId: 3, weight: 30 },
          ];
          const random = seededRandom(seed);
          const seen = new Map<number, number>();
          const units: number[][] = [];
          for (let rank = 1; rank <= 3; rank++) {
            const exam = selectMockExam(bank, themes, count, random, seen);
            expect(exam).toHaveLength(count);
            expectWholeTexts(exam, bank);
            for (const stem of exam) seen.set(stem.id, rank);
            units.push(...unitsOf(exam));
          }
          expect(units).toHaveLength(sizes.length);
          expect(new Set(units.flat()).size).toBe(bank.length);
        },
      ),
    );
  });

  it('meets the theme weights over whole texts: no exchange of texts of the same size comes nearer', () => {
    fc.assert(
      fc.property(textsArb(8, 7, 3), fc.integer(), (texts, seed) => {
        const bank = textBank(texts);
        // More than half the bank: no next exam to look ahead for.
        const count = Math.floor(bank.length / 2) + 1;
        const themes = [25, 45, 30].map((weight, index) => ({ themeId: index + 1, weight }));
        const exam = selectMockExam(bank, themes, count, seededRandom(seed));
        const quotas = mockExamQuotas(
          count,
          themes.map((theme) => ({
            ...theme,
            available: bank.filter((stem) => stem.themeId === theme.themeId).length,
          })),
        );
        const distance = (stems: ReadonlyArray<BankStem>) =>
          quotas.reduce(
            (acc, quota, index) =>
              acc + Math.abs(stems.filter((stem) => stem.themeId === index + 1).length - quota),
            0,
          );
        const textOf = texts.flatMap((text, k) => text.map(() => k));
        const taken = new Set(exam.map((stem) => textOf[stem.id - 1]!));
        const inside = [...taken];
        const outside = texts.map((_, k) => k).filter((k) => !taken.has(k));
        const sizeOf = (ks: number[]) => ks.reduce((acc, k) => acc + texts[k]!.length, 0);
        const subsets = (ks: number[]) => [
          ...ks.map((k) => [k]),
          ...ks.flatMap((k, i) => ks.slice(i + 1).map((l) => [k, l])),
        ];
        for (const out of subsets(inside))
          for (const into of subsets(outside)) {
            if (sizeOf(out) !== sizeOf(into)) continue;
            const other = new Set([...taken].filter((k) => !out.includes(k)).concat(into));
            const stems = bank.filter((_, index) => other.has(textOf[index]!));
            expect(distance(stems)).toBeGreaterThanOrEqual(distance(exam));
          }
      }),
    );
  });

  it('meets Competencia Lectora’s weights over its texts (25 / 45 / 30 % of 20: 5 / 9 / 6)', () => {
    // Texts of 7 and 6 with their own mix of Localizar (1), Interpretar (2) and Evaluar (3).
    const texts = [
      [1, 1, 2, 2, 2, 3, 3],
      [1, 2, 2, 2, 2, 3, 3],
      [1, 1, 1, 2, 2, 3, 3],
      [1, 2, 2, 2, 3, 3, 3],
      [1, 1, 2, 2, 3, 3],
      [2, 2, 2, 2, 3, 3],
      [1, 1, 1, 2, 2, 3],
    ];
    const bank = textBank(texts);
    const themes = [25, 45, 30].map((weight, index) => ({ themeId: index + 1, weight }));
    for (let seed = 1; seed <= 20; seed++) {
      const exam = selectMockExam(bank, themes, 20, seededRandom(seed));
      expect(exam).toHaveLength(20);
      expectWholeTexts(exam, bank);
      expect([1, 2, 3].map((theme) => exam.filter((s) => s.themeId === theme).length)).toEqual([
        5, 9, 6,
      ]);
    }
  });

  it('follows the difficulty profile (30 / 45 / 25 %) within each theme when the bank allows', () => {
    fc.assert(
      fc.property(
        weightsArb,
        fc.integer({ min: 20, max: 80 }),
        fc.integer(),
        (weights, count, seed) => {
          // Each theme holds, per difficulty, what the profile asks of it and one more, shuffled.
          const quotas = apportion(count, weights);
          const cells = quotas.flatMap((quota, theme) =>
            apportion(quota, MOCK_EXAM_DIFFICULTY_PROFILE).flatMap((n, d) =>
              Array.from({ length: n + 1 }, () => ({ theme, difficulty: d + 1 })),
            ),
          );
          const bank = shuffled(cells, seededRandom(seed)).map(
            ({ theme, difficulty }, index): BankStem => ({
              id: index + 1,
              themeId: theme + 1,
              contextId: null,
              stemNumber: index + 1,
              difficulty: difficulty as Difficulty,
            }),
          );
          const themes = weights.map((weight, index) => ({ themeId: index + 1, weight }));
          const exam = selectMockExam(bank, themes, count, seededRandom(seed));
          quotas.forEach((quota, index) => {
            const ofTheme = exam.filter((stem) => stem.themeId === index + 1);
            expect(
              [1, 2, 3].map((d) => ofTheme.filter((stem) => stem.difficulty === d).length),
            ).toEqual(apportion(quota, MOCK_EXAM_DIFFICULTY_PROFILE));
          });
        },
      ),
    );
  });

  it('spreads a short supply of hard questions over the exams ahead instead of the first', () => {
    // The profile's shares when the supply allows; capped at the supply per exam otherwise, the
    // shortfall moved to the other difficulties.
    expect(difficultyTargets(20, [30, 45, 25])).toEqual([6, 9, 5]);
    expect(difficultyTargets(20, [30, 45, 25], [10, 12, 10])).toEqual([6, 9, 5]);
    expect(difficultyTargets(20, [30, 45, 25], [10, 12, 2])).toEqual([7, 11, 2]);
    // A bank of 300 questions, 10 % hard: three exams of 100 take about 10 hard each.
    const bank: BankStem[] = Array.from({ length: 300 }, (_, index) => ({
      id: index + 1,
      themeId: 1,
      contextId: null,
      stemNumber: index + 1,
      difficulty: (index % 10 === 0 ? 3 : index % 2 === 0 ? 1 : 2) as Difficulty,
    }));
    for (let seed = 1; seed <= 5; seed++) {
      const random = seededRandom(seed);
      const seen = new Map<number, number>();
      const hard: number[] = [];
      for (let rank = 1; rank <= 3; rank++) {
        const exam = selectMockExam(bank, [{ themeId: 1, weight: 100 }], 100, random, seen);
        for (const stem of exam) seen.set(stem.id, rank);
        hard.push(exam.filter((stem) => stem.difficulty === 3).length);
      }
      expect(hard).toEqual([10, 10, 10]);
    }
  });

  it('takes at most one question of a clone family, and still the full count when the bank allows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer(),
        (families, count, seed) => {
          // Family k has families[k] members; a family of one is a question without clones.
          const bank: BankStem[] = families
            .flatMap((size, family) => Array.from({ length: size }, () => family))
            .map((family, index) => ({
              id: index + 1,
              themeId: 1,
              contextId: null,
              stemNumber: index + 1,
              family: families[family]! > 1 ? `f${family}` : null,
            }));
          const exam = selectMockExam(
            bank,
            [{ themeId: 1, weight: 100 }],
            count,
            seededRandom(seed),
          );
          const taken = exam.flatMap((stem) => (stem.family ? [stem.family] : []));
          expect(new Set(taken).size).toBe(taken.length);
          expect(exam).toHaveLength(Math.min(count, families.length));
        },
      ),
    );
  });

  it('spreads clone families over exams so three exams in a row need not repeat a question', () => {
    // 10 questions without clones and 5 families of 3: three exams of 15 use everything once.
    const bank: BankStem[] = Array.from({ length: 25 }, (_, index) => ({
      id: index + 1,
      themeId: 1,
      contextId: null,
      stemNumber: index + 1,
      family: index < 15 ? index % 5 : null,
    }));
    for (let seed = 1; seed <= 20; seed++) {
      const random = seededRandom(seed);
      const seen = new Map<number, number>();
      const ids: number[] = [];
      for (let rank = 1; rank <= 3; rank++) {
        const exam = selectMockExam(bank, [{ themeId: 1, weight: 100 }], 15, random, seen);
        expect(exam).toHaveLength(15);
        const families = exam.flatMap((stem) => (stem.family === null ? [] : [stem.family]));
        expect(new Set(families).size).toBe(families.length);
        for (const stem of exam) seen.set(stem.id, rank);
        ids.push(...exam.map((stem) => stem.id));
      }
      expect(new Set(ids).size).toBe(45 - 20);
    }
  });

  it('counts a text seen in part as seen, and takes texts never seen first', () => {
    // Texts 1 (ids 1–3), 2 (4–6), 3 (7–9); the second question of text 1 was seen.
    const bank = textBank([
      [1, 1, 1],
      [1, 1, 1],
      [1, 1, 1],
    ]);
    for (let seed = 1; seed <= 10; seed++) {
      const exam = selectMockExam(
        bank,
        [{ themeId: 1, weight: 100 }],
        6,
        seededRandom(seed),
        new Map([[2, 1]]),
      );
      expect(exam.map((stem) => stem.id).sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
    }
  });

  it('never fails: the nearest whole count, the whole bank when it is short, nothing from nothing', () => {
    const sevens = textBank(Array.from({ length: 10 }, () => [1, 1, 1, 1, 1, 1, 1]));
    const random = seededRandom(4);
    const weights = [{ themeId: 1, weight: 100 }];
    expect(selectMockExam(sevens, weights, 65, random)).toHaveLength(63);
    expect(selectMockExam(sevens.slice(0, 21), weights, 65, random)).toHaveLength(21);
    expect(selectMockExam([], weights, 65, random)).toEqual([]);
    // A count smaller than any text: one text rather than nothing.
    expect(selectMockExam(sevens, weights, 2, random)).toHaveLength(7);
    const clones = sevens.slice(0, 7).map((stem) => ({ ...stem, contextId: null, family: 'same' }));
    expect(selectMockExam(clones, weights, 5, random)).toHaveLength(1);
    // Everything seen: the least recently seen text first.
    const seen = new Map(sevens.map((stem) => [stem.id, stem.contextId === 0 ? 1 : 2]));
    const exam = selectMockExam(sevens, weights, 7, random, seen);
    expect(exam.map((stem) => stem.contextId)).toEqual([0, 0, 0, 0, 0, 0, 0]);
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
