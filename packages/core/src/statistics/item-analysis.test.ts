import { describe, expect, it } from 'vitest';
import { itemFigures, pointBiserial, type ItemChoiceCount } from './item-analysis.ts';

// The hand-computed example (also used by the API's item analysis test). Eight mock exams; the
// question has choices A (the key), B, C and D. x is the item's score, y the rest of the exam.
//
//   attempt  chose  x  y   x·y  y²
//   1        A      1  8   8    64
//   2        A      1  7   7    49
//   3        A      1  6   6    36
//   4        B      0  5   0    25
//   5        A      1  4   4    16
//   6        B      0  3   0     9
//   7        C      0  2   0     4
//   8        -      0  3   0     9     (left unanswered)
//   sums          4  38  25   212     n = 8
//
// r = (nΣxy − ΣxΣy) / √((nΣx − (Σx)²)(nΣy² − (Σy)²)) = (200 − 152) / √((32 − 16)(1696 − 1444))
//   = 48 / √4032 = 48 / 63.4980 = 0.7559.
// Check by the textbook form: mean rest score of those right 25/4 = 6.25, of those wrong 13/4 =
// 3.25, population SD of y √(212/8 − (38/8)²) = √3.9375 = 1.9843, p = q = 0.5:
// r = (6.25 − 3.25) / 1.9843 · √(0.5 · 0.5) = 0.7559.
// Facility 4/8 = 50 %; shares A 50 %, B 25 %, C 12.5 %, D 0 %, unanswered 12.5 %.
// Times (the API test's fixture): the seven answered attempts took 40, 95, 60, 120, 75, 1800
// (a 2-hour gap, capped at 30 minutes) and 30 s; the unanswered one has no time. Σ = 2220,
// n = 7: mean 2220 / 7 = 317.14 s.
const HAND_EXAMPLE = {
  sums: { n: 8, sumX: 4, sumY: 38, sumXY: 25, sumY2: 212 },
  r: 48 / Math.sqrt(4032),
  time: { n: 7, sumSeconds: 2220 },
};

const choices = (a: number, b: number, c: number, d: number): ItemChoiceCount[] => [
  { choiceId: 1, isCorrect: true, chosen: a },
  { choiceId: 2, isCorrect: false, chosen: b },
  { choiceId: 3, isCorrect: false, chosen: c },
  { choiceId: 4, isCorrect: false, chosen: d },
];

describe('pointBiserial', () => {
  it('matches the hand-computed example', () => {
    expect(pointBiserial(HAND_EXAMPLE.sums)).toBeCloseTo(0.7559, 4);
    expect(pointBiserial(HAND_EXAMPLE.sums)).toBeCloseTo(HAND_EXAMPLE.r, 12);
  });

  it('is negative when those who get the item right do worse on the rest', () => {
    // x = 1,1,0,0 with y = 1,2,5,6: r = (4·3 − 2·14) / √((8 − 4)(4·66 − 196)) = −16/√272.
    expect(pointBiserial({ n: 4, sumX: 2, sumY: 14, sumXY: 3, sumY2: 66 })).toBeCloseTo(
      -16 / Math.sqrt(272),
      12,
    );
  });

  it('is undefined with fewer than two attempts or no variation', () => {
    expect(pointBiserial({ n: 1, sumX: 1, sumY: 5, sumXY: 5, sumY2: 25 })).toBeNull();
    expect(pointBiserial({ n: 3, sumX: 3, sumY: 9, sumXY: 9, sumY2: 29 })).toBeNull(); // all right
    expect(pointBiserial({ n: 3, sumX: 1, sumY: 6, sumXY: 2, sumY2: 12 })).toBeNull(); // same y
  });
});

describe('itemFigures', () => {
  it('gives the facility and shares of the hand example, and no flag below the minimum n', () => {
    const figures = itemFigures({
      attempts: 8,
      correct: 4,
      unanswered: 1,
      mock: HAND_EXAMPLE.sums,
      time: HAND_EXAMPLE.time,
      choices: choices(4, 2, 1, 0),
    });
    expect(figures.facility).toBe(0.5);
    expect(figures.averageSeconds).toBeCloseTo(2220 / 7, 10);
    expect(figures.discrimination).toBeCloseTo(0.7559, 4);
    expect(figures.shares.map((s) => s.share)).toEqual([0.5, 0.25, 0.125, 0]);
    expect(figures.flags).toEqual([]); // D is never picked, but 8 < 30
  });

  it('flags each problem once there are enough answers', () => {
    const base = {
      unanswered: 0,
      mock: { n: 0, sumX: 0, sumY: 0, sumXY: 0, sumY2: 0 },
      time: { n: 0, sumSeconds: 0 },
    };
    expect(
      itemFigures({ ...base, attempts: 40, correct: 39, choices: choices(39, 1, 0, 0) }).flags,
    ).toEqual(['unused_distractor', 'too_easy']);
    expect(
      itemFigures({ ...base, attempts: 40, correct: 3, choices: choices(3, 30, 4, 3) }).flags,
    ).toEqual(['distractor_above_key', 'too_hard']);
    expect(
      itemFigures({ ...base, attempts: 40, correct: 20, choices: choices(20, 8, 7, 5) }).flags,
    ).toEqual([]);
    // 30 mock exams where the item does not tell strong from weak students (r = 0 here).
    const flat = { n: 30, sumX: 15, sumY: 300, sumXY: 150, sumY2: 3030 };
    expect(pointBiserial(flat)).toBeCloseTo(0, 12);
    expect(
      itemFigures({ ...base, mock: flat, attempts: 30, correct: 15, choices: choices(15, 5, 5, 5) })
        .flags,
    ).toEqual(['low_discrimination']);
    expect(itemFigures({ ...base, attempts: 0, correct: 0, choices: choices(0, 0, 0, 0) })).toEqual(
      {
        facility: null,
        discrimination: null,
        averageSeconds: null,
        shares: [1, 2, 3, 4].map((choiceId) => ({ choiceId, share: null })),
        flags: [],
      },
    );
  });
});
