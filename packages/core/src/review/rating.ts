/**
 * Spaced review: how an answer in a review session rates its card, and what "today"
 * means for the queue. Pure rules; the API schedules with ts-fsrs (apps/api/src/areas/learning/review).
 */

/** The FSRS grades, by name (ts-fsrs `Rating` 1..4). */
export const REVIEW_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];

/** Questions in one review session at most: the most overdue first; the rest wait for the next. */
export const REVIEW_SESSION_MAX = 20;

/**
 * New questions (never reviewed) a subject brings into review per day at most, as Anki's daily
 * limit of new cards: a long history of mistakes comes in over several days instead of as one pile.
 * Questions already reviewed that fall due are never held back.
 */
export const REVIEW_NEW_PER_DAY = 20;

/** How many of `newDue` new questions may start today, `introducedToday` having started already. */
export function newAllowance(newDue: number, introducedToday: number): number {
  return Math.min(newDue, Math.max(0, REVIEW_NEW_PER_DAY - introducedToday));
}

/**
 * Seconds per question when the subject's period gives no pace (no mock exam duration): about the
 * PAES pace (M1: 140 minutes for 65 questions).
 */
export const DEFAULT_PACE_SECONDS = 120;

/** A right answer in at most this share of the pace is easy; in more than the hard share, hard. */
export const EASY_SHARE = 0.5;
export const HARD_SHARE = 1.5;

export interface ReviewAnswer {
  /** Right (every key picked, nothing else). Unanswered counts as not right. */
  isCorrect: boolean;
  /** The student marked the question (a doubt). */
  isMarked: boolean;
  /** Time spent on the question, when known (from the attempt's answer times). */
  seconds: number | null;
  /** The subject's pace: its mock exam's seconds per question, when it has one. */
  paceSeconds: number | null;
}

/**
 * The grade of an answer in a review session:
 * - wrong or unanswered: `again`;
 * - right but marked (the student was unsure): `hard`;
 * - right within half the subject's pace: `easy`; within 1.5 times the pace: `good`; slower: `hard`;
 * - right with no time known: `good`.
 */
export function reviewGrade(answer: ReviewAnswer): ReviewGrade {
  if (!answer.isCorrect) return 'again';
  if (answer.isMarked) return 'hard';
  if (answer.seconds === null || !Number.isFinite(answer.seconds)) return 'good';
  const pace =
    answer.paceSeconds !== null && answer.paceSeconds > 0
      ? answer.paceSeconds
      : DEFAULT_PACE_SECONDS;
  if (answer.seconds <= pace * EASY_SHARE) return 'easy';
  if (answer.seconds <= pace * HARD_SHARE) return 'good';
  return 'hard';
}

/** The wall-clock fields of `instant` in `timeZone`, as if they were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
}

/** The start of `now`'s day in `timeZone`: the end of the day before (see `endOfLocalDay`). */
export function startOfLocalDay(now: Date, timeZone: string): Date {
  // 26 hours before the day's end is always in the day before, whatever the clocks did.
  return endOfLocalDay(new Date(endOfLocalDay(now, timeZone).getTime() - 26 * 3_600_000), timeZone);
}

/**
 * The end of `now`'s day in `timeZone` (the next local midnight, as an instant): a card due before
 * it is one "to review today". Where the clocks jump at midnight (Chile's daylight saving time
 * starts at 24:00), the first instant of the next day. An unknown zone counts as UTC.
 */
export function endOfLocalDay(now: Date, timeZone: string): Date {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const wall = new Date(wallClockMs(now.getTime(), zone));
  const nextMidnightWall = Date.UTC(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate() + 1,
  );
  // Local midnight as an instant: subtract the zone's offset, taken twice in case it changes.
  let guess = nextMidnightWall - (wallClockMs(now.getTime(), zone) - now.getTime());
  for (let step = 0; step < 2; step += 1) {
    guess = nextMidnightWall - (wallClockMs(guess, zone) - guess);
  }
  // A skipped midnight lands an hour early or late: never before `now`'s day ends.
  while (wallClockMs(guess, zone) < nextMidnightWall) guess += 3_600_000;
  return new Date(guess);
}
