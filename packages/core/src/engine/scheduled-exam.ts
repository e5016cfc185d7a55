import { secondsWithExtraTime } from '../contracts/accommodations.ts';
import {
  SUBMIT_GRACE_SECONDS,
  WAITING_ROOM_MINUTES,
  type ScheduledExamState,
} from '../contracts/scheduled-exam.ts';

// The clock of a scheduled ensayo (docs/architecture.md, "Grace policy for late
// answers"): one start for everyone, one length (plus each student's extra time), a grace for
// answers recorded offline before the deadline, and the cohort's figures once every clock ended.

const MINUTE_MS = 60_000;

/** Attempts of joined students are prepared (in batches) this long before the start. */
export const PREPARE_AHEAD_SECONDS = 120;

/** A student's list keeps an ensayo this many days after it ended (its results). */
export const SCHEDULED_EXAM_RECENT_DAYS = 7;

/**
 * How far ahead of the server a device's clock may run and still have its pre-deadline answers
 * taken during the grace. `seq` is the device's `Date.now()` when the answer was recorded; devices
 * with automatic time are within a second or two, this covers a clock set by hand a little off.
 */
export const CLIENT_CLOCK_TOLERANCE_SECONDS = 30;

/** The longest extra time an admin can grant (percent): bounds when the last clock can end. */
export const LONGEST_EXTRA_TIME_PERCENT = 100;

export type ScheduledExamTiming = {
  startsAt: Date;
  durationMinutes: number;
  lateJoinMinutes: number;
  /** The largest extra time among the students who joined (0 when none has any). */
  longestExtraTimePercent: number;
};

/** A student's deadline: everyone's start plus the length, scaled by their extra time. */
export function scheduledDeadline(
  startsAt: Date,
  durationMinutes: number,
  extraTimePercent: number,
): Date {
  const seconds = secondsWithExtraTime(durationMinutes * 60, extraTimePercent) ?? 0;
  return new Date(startsAt.getTime() + seconds * 1000);
}

/** When joining opens and closes, and when the last clock and its grace end. */
export function scheduledExamTimes(timing: ScheduledExamTiming) {
  const start = timing.startsAt.getTime();
  const lastDeadline = scheduledDeadline(
    timing.startsAt,
    timing.durationMinutes,
    timing.longestExtraTimePercent,
  );
  return {
    joinOpensAt: new Date(start - WAITING_ROOM_MINUTES * MINUTE_MS),
    joinClosesAt: new Date(start + timing.lateJoinMinutes * MINUTE_MS),
    endsAt: new Date(lastDeadline.getTime() + SUBMIT_GRACE_SECONDS * 1000),
  };
}

/**
 * Whether the ensayo ended before its clock: joining has closed and nobody who joined is without a
 * sent attempt (`unsent`: joined students with no attempt prepared, plus attempts still in
 * progress; only whether it is 0 matters, so a caller may count at most one). Null: not counted
 * (the caller knows it cannot apply). Nobody can join any more, and a sent attempt stays sent, so
 * once true it stays true.
 */
export function hasEveryoneSent(input: {
  now: Date;
  timing: ScheduledExamTiming;
  unsent: number | null;
}): boolean {
  if (input.unsent === null || input.unsent > 0) return false;
  const { joinClosesAt } = scheduledExamTimes(input.timing);
  return input.now.getTime() > joinClosesAt.getTime();
}

/** What tells whether an ensayo is over (`isScheduledExamOver`). */
export type ScheduledExamProgress = {
  now: Date;
  timing: ScheduledExamTiming;
  /** The cohort's figures are stored: computed only once it was over. */
  hasResults: boolean;
  /** Joined students without a sent attempt (see `hasEveryoneSent`); null when not counted. */
  unsent?: number | null;
};

/**
 * Whether the ensayo is over at `now`: every clock and the grace have ended (`endsAt`), or it
 * ended early because everyone who joined has sent (`hasEveryoneSent`). From then its results are
 * computed, and each participant's answer key is shown.
 */
export function isScheduledExamOver(input: ScheduledExamProgress): boolean {
  if (input.hasResults) return true;
  if (input.now.getTime() >= scheduledExamTimes(input.timing).endsAt.getTime()) return true;
  return hasEveryoneSent({ now: input.now, timing: input.timing, unsent: input.unsent ?? null });
}

/**
 * Until when a sent attempt of the ensayo keeps its answer key from its student (which choices are
 * correct, the solutions, each question's outcome), so it cannot reach those still sitting it:
 * the clock's end, or null once the ensayo is over (it may end earlier, `hasEveryoneSent`).
 */
export function keyWithheldUntil(input: ScheduledExamProgress): Date | null {
  return isScheduledExamOver(input) ? null : scheduledExamTimes(input.timing).endsAt;
}

/** Where the ensayo stands at `now` (the contract's states). */
export function scheduledExamState(
  input: ScheduledExamProgress & { cancelledAt: Date | null },
): ScheduledExamState {
  if (input.cancelledAt) return 'cancelled';
  const now = input.now.getTime();
  const { joinOpensAt } = scheduledExamTimes(input.timing);
  if (now < joinOpensAt.getTime()) return 'upcoming';
  if (now < input.timing.startsAt.getTime()) return 'waiting_room';
  if (!isScheduledExamOver(input)) return 'live';
  return input.hasResults ? 'closed' : 'closing';
}

/** Why a join at `now` is refused, or null when it is open. */
export function joinRefusal(
  now: Date,
  timing: ScheduledExamTiming,
): 'notOpen' | 'joinClosed' | null {
  const { joinOpensAt, joinClosesAt } = scheduledExamTimes(timing);
  if (now.getTime() < joinOpensAt.getTime()) return 'notOpen';
  if (now.getTime() > joinClosesAt.getTime()) return 'joinClosed';
  return null;
}

/**
 * When the server itself sends an attempt that is still open: at its deadline, or, for an attempt
 * of a scheduled ensayo, once the grace after it has passed too.
 */
export function sendsAt(deadlineAt: Date, isScheduled: boolean): Date {
  return isScheduled ? new Date(deadlineAt.getTime() + SUBMIT_GRACE_SECONDS * 1000) : deadlineAt;
}

/**
 * During the grace, an answer is taken only when its device says it was recorded before the
 * deadline (its `seq`, the device's clock in milliseconds), give or take the tolerance.
 */
export function isRecordedBeforeDeadline(seq: number, deadlineAt: Date): boolean {
  return seq <= deadlineAt.getTime() + CLIENT_CLOCK_TOLERANCE_SECONDS * 1000;
}

// --- The cohort's figures --------------------------------------------------------------------

/** Scores in buckets of this many points, from MIN to MAX (the last bucket holds MAX). */
export const SCORE_BUCKET_POINTS = 50;
export const SCORE_MIN = 100;
export const SCORE_MAX = 1000;

/** How many students got each score. */
export type ScoreCounts = ReadonlyArray<{ score: number; count: number }>;

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The scores in buckets of 50 points from 100 to 1000; a score outside falls in the nearest. */
export function scoreDistribution(scores: ScoreCounts) {
  const buckets = Array.from(
    { length: (SCORE_MAX - SCORE_MIN) / SCORE_BUCKET_POINTS },
    (_, index) => ({
      from: SCORE_MIN + index * SCORE_BUCKET_POINTS,
      to: SCORE_MIN + (index + 1) * SCORE_BUCKET_POINTS,
      count: 0,
    }),
  );
  for (const { score, count } of scores) {
    const index = Math.floor((score - SCORE_MIN) / SCORE_BUCKET_POINTS);
    buckets[Math.min(buckets.length - 1, Math.max(0, index))]!.count += count;
  }
  return buckets;
}

/** Share of the cohort (0–100) with a lower score, plus half of those with the same one. */
export function percentileOf(score: number, scores: ScoreCounts): number {
  let total = 0;
  let below = 0;
  let same = 0;
  for (const entry of scores) {
    total += entry.count;
    if (entry.score < score) below += entry.count;
    else if (entry.score === score) same += entry.count;
  }
  return total === 0 ? 0 : oneDecimal(((below + same / 2) / total) * 100);
}

export function averageScore(scores: ScoreCounts): number {
  let total = 0;
  let sum = 0;
  for (const { score, count } of scores) {
    total += count;
    sum += score * count;
  }
  return total === 0 ? 0 : oneDecimal(sum / total);
}

/** `correct` of `total` as a percentage with one decimal (0 when there is nothing). */
export function correctShare(correct: number, total: number): number {
  return total === 0 ? 0 : oneDecimal((correct / total) * 100);
}

/** Where a scheduled ensayo's attempt reads its content (the same body for every participant). */
export const scheduledExamContentPath = (scheduledExamId: number) =>
  `/api/scheduled-exams/${scheduledExamId}/content`;
