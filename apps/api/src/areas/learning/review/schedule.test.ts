import { describe, expect, it } from 'vitest';
import type { ReviewGrade } from '@ensaya/core/review/rating';
import { newCard, rateCard, type CardState } from './schedule.ts';

// The FSRS schedule (ts-fsrs, no fuzz: deterministic) on a fixed clock: each review happens the
// day the card falls due.

const DAY = 86_400_000;
const start = new Date('2026-03-02T12:00:00Z');

const days = (card: CardState) =>
  Math.round((card.dueAt.getTime() - card.lastReviewAt!.getTime()) / DAY);

/** Reviews a card on each due date with the grades given; returns the intervals in days. */
function run(grades: ReviewGrade[], from: CardState = newCard(start), at = start) {
  let card = from;
  let now = at;
  const intervals: number[] = [];
  for (const grade of grades) {
    card = rateCard(card, grade, now);
    intervals.push(days(card));
    now = card.dueAt;
  }
  return { card, intervals };
}

describe('FSRS schedule', () => {
  it('a new card is due at once and has never been reviewed', () => {
    const card = newCard(start);
    expect(card.dueAt).toEqual(start);
    expect(card.lastReviewAt).toBeNull();
    expect(card.reps).toBe(0);
  });

  it('intervals grow with good answers', () => {
    const { card, intervals } = run(['good', 'good', 'good', 'good', 'good']);
    for (let index = 1; index < intervals.length; index += 1) {
      expect(intervals[index]!).toBeGreaterThan(intervals[index - 1]!);
    }
    expect(intervals[0]).toBeGreaterThanOrEqual(1);
    expect(intervals.at(-1)!).toBeGreaterThan(30);
    expect(card.reps).toBe(5);
    expect(card.lapses).toBe(0);
    // Deterministic: the same answers on the same days give the same dates.
    expect(run(['good', 'good', 'good', 'good', 'good']).intervals).toEqual(intervals);
  });

  it('again on a new card brings it back the next day', () => {
    expect(run(['again']).intervals).toEqual([1]);
  });

  it('again resets a grown interval to a few days and counts a lapse', () => {
    const grown = run(['good', 'good', 'good', 'good']);
    expect(grown.intervals).toEqual([3, 14, 57, 196]);
    const lapsed = rateCard(grown.card, 'again', grown.card.dueAt);
    expect(days(lapsed)).toBe(5);
    expect(lapsed.lapses).toBe(1);
    expect(lapsed.stability).toBeLessThan(grown.card.stability);
    // And it grows again from there, more slowly than before the lapse.
    const after = run(['good', 'good'], lapsed, lapsed.dueAt);
    expect(after.intervals[1]!).toBeGreaterThan(after.intervals[0]!);
    expect(after.intervals[1]!).toBeLessThan(grown.intervals.at(-1)!);
  });

  it('easy schedules further than good, and good further than hard', () => {
    const [hard, good, easy] = (['hard', 'good', 'easy'] as const).map((grade) =>
      days(rateCard(run(['good']).card, grade, run(['good']).card.dueAt)),
    );
    expect(good!).toBeGreaterThan(hard!);
    expect(easy!).toBeGreaterThan(good!);
  });

  it('schedules about a year ahead at most', () => {
    const { intervals } = run(Array.from({ length: 12 }, () => 'easy' as const));
    // 365 days, and ts-fsrs keeps easy a day past good and good a day past hard.
    expect(Math.max(...intervals)).toBe(367);
  });
});
