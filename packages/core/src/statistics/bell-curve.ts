// The bell-curve comparison with all students (spec 001 section 9: "4 intervals, 5 points per
// interval"): a normal curve over the students' % correct, drawn from mean - 2σ to mean + 2σ in 4
// intervals of one standard deviation, each sampled at 5 points (the ends shared: 21 points).

export const BELL_INTERVALS = 4;
export const BELL_POINTS_PER_INTERVAL = 5;

export type BellPoint = { x: number; y: number };

/** Rounds to `digits` decimals (statistics are shown, not summed again). */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `part` over `whole` in percent, 0 when there is no whole. */
export function percentage(part: number, whole: number): number {
  return whole > 0 ? (part * 100) / whole : 0;
}

/** The normal density at `x`; 0 when the spread is 0 (no curve to draw). */
export function normalDensity(x: number, mean: number, standardDeviation: number): number {
  if (!(standardDeviation > 0)) return 0;
  const z = (x - mean) / standardDeviation;
  return Math.exp(-0.5 * z * z) / (standardDeviation * Math.sqrt(2 * Math.PI));
}

/**
 * The curve's points, x clamped to the 0..100 % scale (the density is taken at the clamped x).
 * No points when the spread is 0: one student, or all alike.
 */
export function bellCurvePoints(mean: number, standardDeviation: number): BellPoint[] {
  if (!(standardDeviation > 0)) return [];
  const steps = BELL_INTERVALS * BELL_POINTS_PER_INTERVAL;
  const step = standardDeviation / BELL_POINTS_PER_INTERVAL;
  const start = mean - (BELL_INTERVALS / 2) * standardDeviation;
  return Array.from({ length: steps + 1 }, (_, index) => {
    const x = Math.min(100, Math.max(0, start + index * step));
    return { x: roundTo(x, 4), y: roundTo(normalDensity(x, mean, standardDeviation), 8) };
  });
}

/**
 * The share of a normal population below `x`, in percent (0–100), through the error function of
 * Abramowitz and Stegun (7.1.26, absolute error under 1.5e-7). With no spread, 100 above the
 * mean, 0 below it and 50 at it.
 */
export function normalPercentileOf(x: number, mean: number, standardDeviation: number): number {
  if (!(standardDeviation > 0)) return x > mean ? 100 : x < mean ? 0 : 50;
  const z = (x - mean) / (standardDeviation * Math.SQRT2);
  const t = 1 / (1 + 0.3275911 * Math.abs(z));
  const poly =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-z * z);
  return 50 * (1 + Math.sign(z) * erf);
}
