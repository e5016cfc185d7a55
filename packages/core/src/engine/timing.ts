// When an attempt's clock runs and how an attempt ended (spec 001, section 4; docs/architecture.md "Test
// engine": the server keeps the deadline). Used by the API, which stores the deadline and the end,
// and by the web app, which warns before the time runs out.

/**
 * The clock starts when the student presses "Continue" on the instructions. Nobody needs longer
 * than this to read them: past it, the clock starts on its own, so an attempt whose page was lost
 * before it began (a crash, no leave signal) still ends, and its questions (sent with the attempt)
 * cannot be read at leisure before the time starts.
 */
export const INSTRUCTIONS_MAX_SECONDS = 15 * 60;

/** Seconds left at which the student is warned: 10 minutes, 5 minutes and 1 minute. */
export const TIME_WARNINGS_SECONDS = [10 * 60, 5 * 60, 60] as const;

/**
 * A client's "the time ran out" is believed this far ahead of the server's clock: its estimate of
 * the server's time is off by about half a round trip.
 */
export const DEADLINE_TOLERANCE_SECONDS = 5;

/** How an attempt ended: sent by the student, by the server at the deadline, or by leaving. */
export const ATTEMPT_END_REASONS = ['student', 'time', 'leave'] as const;
export type AttemptEndReason = (typeof ATTEMPT_END_REASONS)[number];

const plusSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/**
 * The deadline an attempt holds before it is begun: the latest it can be, with the instructions
 * open as long as allowed. Null without a timer.
 */
export function deadlineBeforeBegin(startedAt: Date, seconds: number | null): Date | null {
  if (seconds === null) return null;
  return plusSeconds(startedAt, INSTRUCTIONS_MAX_SECONDS + seconds);
}

/**
 * The deadline once the student begins at `begunAt`: the timer's length from then, never later
 * than the deadline held before the begin (instructions open too long start the clock on their
 * own). Null without a timer.
 */
export function deadlineOnBegin(
  startedAt: Date,
  begunAt: Date,
  seconds: number | null,
): Date | null {
  if (seconds === null) return null;
  const latestBegin = plusSeconds(startedAt, INSTRUCTIONS_MAX_SECONDS);
  const clockStart = begunAt < latestBegin ? begunAt : latestBegin;
  return plusSeconds(clockStart, seconds);
}

/** When the clock started: the begin, or the start for an attempt that never showed instructions. */
export function clockStartOf(attempt: { startedAt: Date; begunAt: Date | null }): Date {
  return attempt.begunAt ?? attempt.startedAt;
}

/**
 * When and how an attempt ends, given why it is being sent (`requested`) and the server's clock.
 * Past the deadline it ended by time at the deadline, unless the student had left before it. A
 * leave ends it when the page was left. A client's "time ran out" counts as time only within the
 * tolerance of the deadline; otherwise the student sent it.
 */
export function attemptEnd(input: {
  requested: AttemptEndReason;
  now: Date;
  deadlineAt: Date | null;
  leaveRequestedAt: Date | null;
}): { endedAt: Date; endedBy: AttemptEndReason } {
  const { requested, now, deadlineAt, leaveRequestedAt } = input;
  const leftAt = leaveRequestedAt && leaveRequestedAt <= now ? leaveRequestedAt : null;
  if (deadlineAt && deadlineAt <= now) {
    if (requested === 'leave' && leftAt && leftAt < deadlineAt) {
      return { endedAt: leftAt, endedBy: 'leave' };
    }
    return { endedAt: deadlineAt, endedBy: 'time' };
  }
  if (requested === 'leave') return { endedAt: leftAt ?? now, endedBy: 'leave' };
  if (requested === 'time') {
    const isNearDeadline =
      deadlineAt !== null &&
      deadlineAt.getTime() - now.getTime() <= DEADLINE_TOLERANCE_SECONDS * 1000;
    return { endedAt: now, endedBy: isNearDeadline ? 'time' : 'student' };
  }
  return { endedAt: now, endedBy: 'student' };
}

/**
 * The warning due with `secondsLeft` on the clock, if any: the smallest threshold reached (60
 * once a minute is left, 300 from five minutes, 600 from ten), or null with more time left.
 */
export function timeWarning(secondsLeft: number, timerSeconds: number | null): number | null {
  let due: number | null = null;
  for (const threshold of TIME_WARNINGS_SECONDS) {
    // A timer no longer than the threshold would warn from its first second: not useful.
    if (timerSeconds !== null && timerSeconds <= threshold) continue;
    if (secondsLeft <= threshold && secondsLeft > 0) due = threshold;
  }
  return due;
}
