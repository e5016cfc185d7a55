import { describe, expect, it } from 'vitest';
import {
  averageScore,
  correctShare,
  hasEveryoneSent,
  isRecordedBeforeDeadline,
  isScheduledExamOver,
  joinRefusal,
  keyWithheldUntil,
  percentileOf,
  scheduledDeadline,
  scheduledExamState,
  scheduledExamTimes,
  scoreDistribution,
  sendsAt,
} from './scheduled-exam.ts';

const startsAt = new Date('2026-06-01T14:00:00Z');
const timing = { startsAt, durationMinutes: 60, lateJoinMinutes: 30, longestExtraTimePercent: 0 };
const at = (iso: string) => new Date(iso);

describe('the clock of a scheduled ensayo', () => {
  it('opens 15 minutes before, closes the join after the late minutes, ends after the grace', () => {
    const times = scheduledExamTimes(timing);
    expect(times.joinOpensAt.toISOString()).toBe('2026-06-01T13:45:00.000Z');
    expect(times.joinClosesAt.toISOString()).toBe('2026-06-01T14:30:00.000Z');
    expect(times.endsAt.toISOString()).toBe('2026-06-01T15:02:00.000Z');
    // The longest extra time among those who joined moves the end.
    expect(
      scheduledExamTimes({ ...timing, longestExtraTimePercent: 50 }).endsAt.toISOString(),
    ).toBe('2026-06-01T15:32:00.000Z');
  });

  it('gives everyone the same deadline, scaled by their extra time', () => {
    expect(scheduledDeadline(startsAt, 60, 0).toISOString()).toBe('2026-06-01T15:00:00.000Z');
    expect(scheduledDeadline(startsAt, 60, 25).toISOString()).toBe('2026-06-01T15:15:00.000Z');
  });

  it('moves through its states with the clock', () => {
    const state = (iso: string, extra: Partial<Parameters<typeof scheduledExamState>[0]> = {}) =>
      scheduledExamState({ now: at(iso), timing, cancelledAt: null, hasResults: false, ...extra });
    expect(state('2026-06-01T13:44:59Z')).toBe('upcoming');
    expect(state('2026-06-01T13:45:00Z')).toBe('waiting_room');
    expect(state('2026-06-01T14:00:00Z')).toBe('live');
    expect(state('2026-06-01T15:01:59Z')).toBe('live');
    expect(state('2026-06-01T15:02:00Z')).toBe('closing');
    expect(state('2026-06-01T15:02:00Z', { hasResults: true })).toBe('closed');
    expect(state('2026-06-01T13:00:00Z', { cancelledAt: at('2026-05-30T00:00:00Z') })).toBe(
      'cancelled',
    );
  });

  it('ends early once joining has closed and everyone who joined has sent', () => {
    const progress = (iso: string, unsent: number | null, hasResults = false) => ({
      now: at(iso),
      timing,
      hasResults,
      unsent,
    });
    // Joining closes at 14:30: before it, a late joiner may still come.
    expect(hasEveryoneSent(progress('2026-06-01T14:30:00Z', 0))).toBe(false);
    expect(hasEveryoneSent(progress('2026-06-01T14:30:01Z', 0))).toBe(true);
    expect(hasEveryoneSent(progress('2026-06-01T14:30:01Z', 1))).toBe(false);
    expect(hasEveryoneSent(progress('2026-06-01T14:30:01Z', null))).toBe(false);
    expect(isScheduledExamOver(progress('2026-06-01T14:40:00Z', 0))).toBe(true);
    expect(isScheduledExamOver(progress('2026-06-01T14:40:00Z', 3))).toBe(false);
    // The clock's end, whoever is still sitting it (the sweeper sends them).
    expect(isScheduledExamOver(progress('2026-06-01T15:02:00Z', 3))).toBe(true);
    expect(isScheduledExamOver(progress('2026-06-01T14:10:00Z', 3, true))).toBe(true);

    const state = (iso: string, unsent: number | null, hasResults = false) =>
      scheduledExamState({ ...progress(iso, unsent, hasResults), cancelledAt: null });
    expect(state('2026-06-01T14:20:00Z', 0)).toBe('live');
    expect(state('2026-06-01T14:40:00Z', 1)).toBe('live');
    expect(state('2026-06-01T14:40:00Z', 0)).toBe('closing');
    expect(state('2026-06-01T14:40:00Z', 0, true)).toBe('closed');
  });

  it('withholds the answer key until the ensayo is over', () => {
    const until = (iso: string, unsent: number | null) =>
      keyWithheldUntil({ now: at(iso), timing, hasResults: false, unsent })?.toISOString() ?? null;
    expect(until('2026-06-01T14:10:00Z', 0)).toBe('2026-06-01T15:02:00.000Z');
    expect(until('2026-06-01T14:40:00Z', 2)).toBe('2026-06-01T15:02:00.000Z');
    expect(until('2026-06-01T14:40:00Z', 0)).toBeNull();
    expect(until('2026-06-01T15:02:00Z', 2)).toBeNull();
  });

  it('lets students join from the waiting room to the end of the late minutes', () => {
    expect(joinRefusal(at('2026-06-01T13:44:00Z'), timing)).toBe('notOpen');
    expect(joinRefusal(at('2026-06-01T13:45:00Z'), timing)).toBeNull();
    expect(joinRefusal(at('2026-06-01T14:30:00Z'), timing)).toBeNull();
    expect(joinRefusal(at('2026-06-01T14:30:01Z'), timing)).toBe('joinClosed');
  });
});

describe('the grace after the deadline', () => {
  const deadline = at('2026-06-01T15:00:00Z');

  it('sends a scheduled attempt after the grace, any other at its deadline', () => {
    expect(sendsAt(deadline, true).toISOString()).toBe('2026-06-01T15:02:00.000Z');
    expect(sendsAt(deadline, false)).toEqual(deadline);
  });

  it('takes answers the device recorded before the deadline, with 30 s for its clock', () => {
    expect(isRecordedBeforeDeadline(deadline.getTime() - 60_000, deadline)).toBe(true);
    expect(isRecordedBeforeDeadline(deadline.getTime() + 30_000, deadline)).toBe(true);
    expect(isRecordedBeforeDeadline(deadline.getTime() + 30_001, deadline)).toBe(false);
  });
});

describe('the cohort', () => {
  // Five students: 150, 420, 420, 700 and 1000.
  const scores = [
    { score: 150, count: 1 },
    { score: 420, count: 2 },
    { score: 700, count: 1 },
    { score: 1000, count: 1 },
  ];

  it('places a score: those below plus half of those equal', () => {
    expect(percentileOf(420, scores)).toBe(40); // (1 + 2/2) / 5
    expect(percentileOf(150, scores)).toBe(10); // (0 + 1/2) / 5
    expect(percentileOf(1000, scores)).toBe(90); // (4 + 1/2) / 5
    expect(percentileOf(500, [])).toBe(0);
  });

  it('counts scores in 50-point buckets, 1000 in the last', () => {
    const buckets = scoreDistribution(scores);
    expect(buckets).toHaveLength(18);
    expect(buckets[0]).toEqual({ from: 100, to: 150, count: 0 });
    expect(buckets[1]).toEqual({ from: 150, to: 200, count: 1 });
    expect(buckets.find((b) => b.from === 400)!.count).toBe(2);
    expect(buckets.find((b) => b.from === 700)!.count).toBe(1);
    expect(buckets[17]).toEqual({ from: 950, to: 1000, count: 1 });
    expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(5);
  });

  it('averages and shares with one decimal', () => {
    expect(averageScore(scores)).toBe(538);
    expect(correctShare(2, 3)).toBe(66.7);
    expect(correctShare(0, 0)).toBe(0);
  });
});
