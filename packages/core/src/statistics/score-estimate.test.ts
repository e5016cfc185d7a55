import { describe, expect, it } from 'vitest';
import { seededRandom, type Random } from '../engine/random.ts';
import {
  averageEstimate,
  betaCdf,
  betaQuantile,
  estimateSubject,
  interpolatedGrade,
  logGamma,
  posterior,
  priorFor,
  scoreAt,
  scoreGrid,
  sortedTable,
  themeGains,
  type GradeRow,
} from './score-estimate.ts';

/** A PAES-like table of `items` scored items: 100 at 0, 1000 at all, an S between. */
function paesTable(items: number): GradeRow[] {
  return Array.from({ length: items + 1 }, (_, raw) => {
    const x = raw / items;
    const s = 1 / (1 + Math.exp(-6.2 * (x - 0.5)));
    const s0 = 1 / (1 + Math.exp(3.1));
    const s1 = 1 / (1 + Math.exp(-3.1));
    return {
      goodAnswersQuantity: raw,
      grade: Math.round(100 + 900 * (0.65 * x + 0.35 * ((s - s0) / (s1 - s0)))),
    };
  });
}

const M1 = paesTable(60);

describe('Beta distribution', () => {
  it('ln Γ matches factorials', () => {
    expect(logGamma(1)).toBeCloseTo(0, 10);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 10);
  });

  it('the distribution function has its closed forms', () => {
    // Beta(1, 1) is uniform; Beta(2, 2) has cdf 3x² - 2x³; Beta(a, 1) has cdf x^a.
    expect(betaCdf(0.3, 1, 1)).toBeCloseTo(0.3, 10);
    expect(betaCdf(0.3, 2, 2)).toBeCloseTo(3 * 0.09 - 2 * 0.027, 10);
    expect(betaCdf(0.7, 3, 1)).toBeCloseTo(0.343, 10);
    expect(betaCdf(0, 2, 3)).toBe(0);
    expect(betaCdf(1, 2, 3)).toBe(1);
  });

  it('the quantile inverts the distribution function', () => {
    for (const [a, b] of [
      [2, 2],
      [40.5, 22.5],
      [130, 70],
      [0.8, 3.2],
    ] as const) {
      for (const q of [0.1, 0.5, 0.9]) {
        expect(betaCdf(betaQuantile(q, a, b), a, b)).toBeCloseTo(q, 8);
      }
    }
    // Symmetric: the median of Beta(a, a) is 1/2.
    expect(betaQuantile(0.5, 7, 7)).toBeCloseTo(0.5, 10);
  });
});

describe('the model', () => {
  it('the weak prior is Beta(2, 2), or centred on a population mean', () => {
    expect(priorFor()).toEqual({ alpha: 2, beta: 2 });
    const prior = priorFor(0.6);
    expect(prior.alpha).toBeCloseTo(2.4, 10);
    expect(prior.beta).toBeCloseTo(1.6, 10);
  });

  it('mock exam answers weigh 1 and practice answers half', () => {
    const post = posterior(
      { alpha: 2, beta: 2 },
      { questions: 60, correct: 40 },
      { questions: 20, correct: 10 },
    );
    expect(post).toEqual({ alpha: 2 + 40 + 5, beta: 2 + 20 + 5 });
  });

  it('interpolates the grade table between rows and clamps outside it', () => {
    const table = sortedTable([
      { goodAnswersQuantity: 10, grade: 300 },
      { goodAnswersQuantity: 0, grade: 100 },
      { goodAnswersQuantity: 20, grade: 700 },
    ]);
    expect(interpolatedGrade(5, table)).toBe(200);
    expect(interpolatedGrade(12.5, table)).toBe(400);
    expect(interpolatedGrade(-1, table)).toBe(100);
    expect(interpolatedGrade(25, table)).toBe(700);
    expect(scoreAt(0.5, 20, table)).toBe(300);
  });

  it('no estimate without a mock exam', () => {
    expect(
      estimateSubject({
        official: { questions: 0, correct: 0 },
        practice: { questions: 200, correct: 150 },
        mockExams: 0,
        scoredItems: 60,
        gradeTable: M1,
      }),
    ).toBeNull();
  });

  it('the interval holds the median and narrows with more evidence', () => {
    const one = estimateSubject({
      official: { questions: 60, correct: 36 },
      practice: { questions: 0, correct: 0 },
      mockExams: 1,
      scoredItems: 60,
      gradeTable: M1,
    })!;
    const four = estimateSubject({
      official: { questions: 240, correct: 144 },
      practice: { questions: 100, correct: 60 },
      mockExams: 4,
      scoredItems: 60,
      gradeTable: M1,
    })!;
    for (const estimate of [one, four]) {
      expect(estimate.score.low).toBeLessThan(estimate.score.mid);
      expect(estimate.score.mid).toBeLessThan(estimate.score.high);
      expect(estimate.accuracy.mid).toBeGreaterThan(0.55);
      expect(estimate.accuracy.mid).toBeLessThan(0.62);
    }
    expect(four.effectiveAnswers).toBe(290);
    expect(four.score.high - four.score.low).toBeLessThan((one.score.high - one.score.low) * 0.6);
  });
});

describe('theme gains', () => {
  const linear = Array.from({ length: 61 }, (_, raw) => ({
    goodAnswersQuantity: raw,
    grade: 100 + 15 * raw,
  }));

  it('Δp x quota through the table slope, weak and heavy themes first', () => {
    const gains = themeGains(
      [
        // 50 % of the test, at the student's level: +20 pp of 30 items = 6 items = 90 points.
        {
          themeId: 1,
          name: 'Álgebra y funciones',
          weight: 50,
          official: { questions: 1000, correct: 600 },
          practice: { questions: 0, correct: 0 },
        },
        // 20 %, far below the overall level: raised to it (0.6 from about 0.2).
        {
          themeId: 2,
          name: 'Probabilidad',
          weight: 20,
          official: { questions: 96, correct: 19 },
          practice: { questions: 0, correct: 0 },
        },
        // 10 %, nearly perfect: capped at 100 %.
        {
          themeId: 3,
          name: 'Números',
          weight: 10,
          official: { questions: 96, correct: 96 },
          practice: { questions: 0, correct: 0 },
        },
        {
          themeId: 4,
          name: 'Fuera',
          weight: 0,
          official: { questions: 0, correct: 0 },
          practice: { questions: 0, correct: 0 },
        },
      ],
      0.6,
      60,
      linear,
    );
    expect(gains.map((gain) => gain.name)).toEqual([
      'Álgebra y funciones',
      'Probabilidad',
      'Números',
    ]);
    expect(gains[0]!.points).toBe(90);
    expect(gains[0]!.quota).toBe(30);
    // Probabilidad: shrunk accuracy (4 x 0.6 + 19) / 100 = 0.214 raised to 0.6: 0.386 x 12 x 15.
    expect(gains[1]!.accuracy).toBeCloseTo(0.214, 3);
    expect(gains[1]!.target).toBeCloseTo(0.6, 10);
    expect(gains[1]!.points).toBe(Math.round(0.386 * 12 * 15));
    // Números: (2.4 + 96) / 100 = 0.984, up to 1: 0.016 x 6 x 15 = 1.4 points.
    expect(gains[2]!.points).toBe(1);
  });
});

describe('the CL + M1 average', () => {
  it('convolves two grids: interval and probability of reaching the threshold', () => {
    // Two point masses: the average is certain.
    expect(averageEstimate([400, 400], [520, 520], 458)).toEqual({
      average: { low: 460, mid: 460, high: 460 },
      probability: 1,
    });
    const result = averageEstimate([400, 500], [400, 500], 458);
    // Means 400, 450, 450, 500: one in four reaches 458.
    expect(result.probability).toBe(0.25);
    expect(result.average.mid).toBe(450);
  });

  it('matches sampling from the two posteriors', () => {
    const cl = posterior(priorFor(), { questions: 60, correct: 33 }, { questions: 0, correct: 0 });
    const m1 = posterior(priorFor(), { questions: 120, correct: 60 }, { questions: 0, correct: 0 });
    const table = M1;
    const exact = averageEstimate(scoreGrid(cl, 60, table), scoreGrid(m1, 60, table), 458);
    // Monte Carlo with the inverse-cdf draw, seeded.
    const random = seededRandom(16);
    let above = 0;
    const draws = 4000;
    for (let i = 0; i < draws; i++) {
      const a = scoreAt(betaQuantile(random(), cl.alpha, cl.beta), 60, table);
      const b = scoreAt(betaQuantile(random(), m1.alpha, m1.beta), 60, table);
      if ((a + b) / 2 >= 458) above += 1;
    }
    expect(Math.abs(exact.probability - above / draws)).toBeLessThan(0.03);
    expect(exact.average.low).toBeLessThan(exact.average.mid);
    expect(exact.average.mid).toBeLessThan(exact.average.high);
  });
});

/** Correct answers of `n` items each right with probability `p`. */
function binomial(n: number, p: number, random: Random): number {
  let correct = 0;
  for (let i = 0; i < n; i++) if (random() < p) correct += 1;
  return correct;
}

describe('coverage against simulated students (seeded)', () => {
  /**
   * 500 students, each with a known true accuracy; 1 to 4 mock exams of 60 items and 0 to 200
   * practice answers whose accuracy differs from the true one by up to ±5 pp (practice is not a
   * mock exam). The true score is the grade of the true accuracy; the 80 % interval should hold it
   * in about 80 % of the students.
   */
  function simulate(seed: number, prior = priorFor()) {
    const random = seededRandom(seed);
    let covered = 0;
    const widths: Record<number, number[]> = { 1: [], 2: [], 3: [], 4: [] };
    const students = 500;
    for (let s = 0; s < students; s++) {
      const truth = 0.15 + 0.8 * random();
      const mockExams = 1 + Math.floor(random() * 4);
      const practiceQuestions = Math.floor(random() * 201);
      const practiceP = Math.min(0.99, Math.max(0.01, truth + (random() - 0.5) * 0.1));
      const estimate = estimateSubject({
        official: { questions: 60 * mockExams, correct: binomial(60 * mockExams, truth, random) },
        practice: {
          questions: practiceQuestions,
          correct: binomial(practiceQuestions, practiceP, random),
        },
        mockExams,
        scoredItems: 60,
        gradeTable: M1,
        prior,
      })!;
      const trueScore = scoreAt(truth, 60, M1);
      if (estimate.score.low <= trueScore && trueScore <= estimate.score.high) covered += 1;
      widths[mockExams]!.push(estimate.score.high - estimate.score.low);
    }
    const meanWidth = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return { coverage: covered / students, widths: [1, 2, 3, 4].map((k) => meanWidth(widths[k]!)) };
  }

  it('the 80 % interval covers the true score in 72-88 % of 500 students', () => {
    const { coverage, widths } = simulate(2026);
    expect(coverage).toBeGreaterThanOrEqual(0.72);
    expect(coverage).toBeLessThanOrEqual(0.88);
    // More mock exams, a narrower interval.
    expect(widths[1]!).toBeLessThan(widths[0]!);
    expect(widths[3]!).toBeLessThan(widths[1]!);
  });

  it('holds with a prior centred on a population mean too', () => {
    const { coverage } = simulate(7, priorFor(0.45));
    expect(coverage).toBeGreaterThanOrEqual(0.72);
    expect(coverage).toBeLessThanOrEqual(0.88);
  });
});
