import { describe, expect, it } from 'vitest';
import { clockTime, countdownFace, startJitterMs, timeLeft } from './countdown.ts';

const seconds = (value: number) => value * 1000;
const DAY = 86_400;

describe('countdown', () => {
  it('shows days, hours, minutes and seconds as the time left needs them', () => {
    expect(countdownFace(seconds(2 * DAY + 3 * 3600 + 4 * 60 + 5), 'd')).toBe('2 d 03:04:05');
    expect(countdownFace(seconds(3 * 3600 + 4 * 60 + 5), 'd')).toBe('03:04:05');
    expect(countdownFace(seconds(4 * 60 + 5), 'd')).toBe('04:05');
    expect(countdownFace(seconds(5), 'd')).toBe('00:05');
    // A whole day with no hours still shows the hours.
    expect(countdownFace(seconds(DAY), 'd')).toBe('1 d 00:00:00');
    expect(countdownFace(seconds(DAY), 'days')).toBe('1 days 00:00:00');
  });

  it('rounds a part of a second up, and never goes below zero', () => {
    expect(countdownFace(4_001, 'd')).toBe('00:05');
    expect(countdownFace(1, 'd')).toBe('00:01');
    expect(countdownFace(0, 'd')).toBe('00:00');
    expect(countdownFace(-90_000, 'd')).toBe('00:00');
    expect(timeLeft(-1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(timeLeft(seconds(DAY + 61))).toEqual({ days: 1, hours: 0, minutes: 1, seconds: 1 });
  });

  it("gives the clock time of a moment in the student's own time zone", () => {
    expect(clockTime(new Date(2026, 2, 14, 9, 5).toISOString())).toBe('09:05');
    expect(clockTime(new Date(2026, 2, 14, 23, 59, 59).toISOString())).toBe('23:59');
  });

  it('spreads the start over less than half a second', () => {
    expect(startJitterMs(() => 0)).toBe(0);
    expect(startJitterMs(() => 0.5)).toBe(200);
    expect(startJitterMs(() => 0.9999)).toBeLessThan(400);
  });
});
