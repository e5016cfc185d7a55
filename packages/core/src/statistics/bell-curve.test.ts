import { describe, expect, it } from 'vitest';
import {
  bellCurvePoints,
  normalDensity,
  normalPercentileOf,
  percentage,
  roundTo,
} from './bell-curve.ts';

describe('bellCurvePoints', () => {
  it('draws 4 intervals of 5 points from mean - 2σ to mean + 2σ', () => {
    const points = bellCurvePoints(60, 10);
    expect(points).toHaveLength(21);
    expect(points[0]!.x).toBe(40);
    expect(points[5]!.x).toBe(50);
    expect(points[10]!.x).toBe(60);
    expect(points[20]!.x).toBe(80);
    // Symmetric, highest at the mean.
    expect(points[0]!.y).toBeCloseTo(points[20]!.y, 10);
    expect(Math.max(...points.map((point) => point.y))).toBe(points[10]!.y);
    expect(points[10]!.y).toBeCloseTo(1 / (10 * Math.sqrt(2 * Math.PI)), 7);
  });

  it('keeps x on the 0..100 scale', () => {
    const points = bellCurvePoints(90, 15);
    expect(points.every((point) => point.x >= 0 && point.x <= 100)).toBe(true);
    expect(points.at(-1)!.x).toBe(100);
    expect(bellCurvePoints(5, 10)[0]!.x).toBe(0);
  });

  it('has nothing to draw without spread', () => {
    expect(bellCurvePoints(70, 0)).toEqual([]);
    expect(normalDensity(70, 70, 0)).toBe(0);
  });
});

describe('percentage and roundTo', () => {
  it('is 0 without a whole and rounds to the digits asked', () => {
    expect(percentage(3, 0)).toBe(0);
    expect(percentage(1, 3)).toBeCloseTo(33.3333, 3);
    expect(roundTo(200 / 3, 2)).toBe(66.67);
  });
});

describe('normalPercentileOf', () => {
  it('reads the normal distribution', () => {
    expect(normalPercentileOf(50, 50, 10)).toBeCloseTo(50, 6);
    expect(normalPercentileOf(60, 50, 10)).toBeCloseTo(84.134, 2);
    expect(normalPercentileOf(30, 50, 10)).toBeCloseTo(2.275, 2);
    expect(normalPercentileOf(80, 50, 10)).toBeGreaterThan(99.8);
  });

  it('with no spread, puts a student above, below or at the one value', () => {
    expect(normalPercentileOf(70, 60, 0)).toBe(100);
    expect(normalPercentileOf(50, 60, 0)).toBe(0);
    expect(normalPercentileOf(60, 60, 0)).toBe(50);
  });
});
