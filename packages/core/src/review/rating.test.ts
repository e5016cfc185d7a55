import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PACE_SECONDS,
  endOfLocalDay,
  newAllowance,
  REVIEW_NEW_PER_DAY,
  reviewGrade,
  startOfLocalDay,
} from './rating.ts';

describe('reviewGrade', () => {
  const right = { isCorrect: true, isMarked: false, paceSeconds: 120 };

  it('is again for a wrong or unanswered question, whatever the time', () => {
    expect(reviewGrade({ ...right, isCorrect: false, seconds: 5 })).toBe('again');
    expect(reviewGrade({ ...right, isCorrect: false, isMarked: true, seconds: null })).toBe(
      'again',
    );
  });

  it('is hard for a right answer the student marked as unsure', () => {
    expect(reviewGrade({ ...right, isMarked: true, seconds: 10 })).toBe('hard');
  });

  it('grades a right answer by the time spent against the pace', () => {
    expect(reviewGrade({ ...right, seconds: 60 })).toBe('easy');
    expect(reviewGrade({ ...right, seconds: 61 })).toBe('good');
    expect(reviewGrade({ ...right, seconds: 180 })).toBe('good');
    expect(reviewGrade({ ...right, seconds: 181 })).toBe('hard');
  });

  it('is good with no time known, and uses the default pace without one', () => {
    expect(reviewGrade({ ...right, seconds: null })).toBe('good');
    expect(reviewGrade({ ...right, paceSeconds: null, seconds: DEFAULT_PACE_SECONDS * 2 })).toBe(
      'hard',
    );
  });
});

describe('endOfLocalDay', () => {
  it('is the next local midnight in Chile (UTC-3 in summer, UTC-4 in winter)', () => {
    // 2026-01-15 22:30 in Santiago (UTC-3): the day ends at 03:00 UTC on the 16th.
    expect(endOfLocalDay(new Date('2026-01-16T01:30:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-01-16T03:00:00.000Z',
    );
    // 2026-07-15 08:00 in Santiago (UTC-4): the day ends at 04:00 UTC on the 16th.
    expect(endOfLocalDay(new Date('2026-07-15T12:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2026-07-16T04:00:00.000Z',
    );
  });

  it('is the first instant of the next day where the clocks jump at midnight', () => {
    // Chile moves to UTC-3 at 24:00 on Saturday 5 September 2026: midnight does not exist there.
    const end = endOfLocalDay(new Date('2026-09-05T20:00:00Z'), 'America/Santiago');
    expect(end.getTime()).toBeGreaterThan(new Date('2026-09-05T20:00:00Z').getTime());
    expect(end.toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('reads an unknown zone as UTC', () => {
    expect(endOfLocalDay(new Date('2026-03-01T10:00:00Z'), 'Nowhere/Land').toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
  });
});

describe('startOfLocalDay', () => {
  it('is the last local midnight', () => {
    expect(
      startOfLocalDay(new Date('2026-01-16T01:30:00Z'), 'America/Santiago').toISOString(),
    ).toBe('2026-01-15T03:00:00.000Z');
    expect(
      startOfLocalDay(new Date('2026-07-15T12:00:00Z'), 'America/Santiago').toISOString(),
    ).toBe('2026-07-15T04:00:00.000Z');
  });
});

describe('newAllowance', () => {
  it('lets in new questions up to the daily limit, less those started today', () => {
    expect(newAllowance(5, 0)).toBe(5);
    expect(newAllowance(50, 0)).toBe(REVIEW_NEW_PER_DAY);
    expect(newAllowance(50, REVIEW_NEW_PER_DAY - 3)).toBe(3);
    expect(newAllowance(50, REVIEW_NEW_PER_DAY + 4)).toBe(0);
  });
});
