import { describe, expect, it } from 'vitest';
import {
  attemptEnd,
  deadlineBeforeBegin,
  deadlineOnBegin,
  INSTRUCTIONS_MAX_SECONDS,
  timeWarning,
} from './timing.ts';

const start = new Date('2026-03-05T12:00:00.000Z');
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('the clock starts when the student begins', () => {
  it('has no deadline without a timer', () => {
    expect(deadlineBeforeBegin(start, null)).toBeNull();
    expect(deadlineOnBegin(start, at(30), null)).toBeNull();
  });

  it('runs the timer from the begin, not from the start', () => {
    expect(deadlineOnBegin(start, at(33), 600)).toEqual(at(633));
  });

  it('starts on its own once the instructions were open too long', () => {
    expect(deadlineBeforeBegin(start, 600)).toEqual(at(INSTRUCTIONS_MAX_SECONDS + 600));
    expect(deadlineOnBegin(start, at(INSTRUCTIONS_MAX_SECONDS + 500), 600)).toEqual(
      deadlineBeforeBegin(start, 600),
    );
  });
});

describe('how an attempt ended', () => {
  const deadlineAt = at(600);
  it('by the student before the deadline', () => {
    expect(
      attemptEnd({ requested: 'student', now: at(300), deadlineAt, leaveRequestedAt: null }),
    ).toEqual({ endedAt: at(300), endedBy: 'student' });
  });

  it('by time once the deadline passed, whoever sends it, at the deadline', () => {
    for (const requested of ['student', 'time', 'leave'] as const) {
      expect(attemptEnd({ requested, now: at(700), deadlineAt, leaveRequestedAt: null })).toEqual({
        endedAt: deadlineAt,
        endedBy: 'time',
      });
    }
  });

  it("believes the client's time-out only near the deadline", () => {
    expect(
      attemptEnd({ requested: 'time', now: at(597), deadlineAt, leaveRequestedAt: null }).endedBy,
    ).toBe('time');
    expect(
      attemptEnd({ requested: 'time', now: at(500), deadlineAt, leaveRequestedAt: null }).endedBy,
    ).toBe('student');
    expect(
      attemptEnd({ requested: 'time', now: at(500), deadlineAt: null, leaveRequestedAt: null })
        .endedBy,
    ).toBe('student');
  });

  it('by leaving, when the page was left, even if the sweeper comes after the deadline', () => {
    expect(
      attemptEnd({ requested: 'leave', now: at(330), deadlineAt, leaveRequestedAt: at(300) }),
    ).toEqual({ endedAt: at(300), endedBy: 'leave' });
    expect(
      attemptEnd({ requested: 'leave', now: at(630), deadlineAt, leaveRequestedAt: at(590) }),
    ).toEqual({ endedAt: at(590), endedBy: 'leave' });
    expect(
      attemptEnd({ requested: 'leave', now: at(100), deadlineAt: null, leaveRequestedAt: null }),
    ).toEqual({ endedAt: at(100), endedBy: 'leave' });
  });
});

describe('time warnings', () => {
  it('warns at ten minutes, five minutes and one minute left', () => {
    expect(timeWarning(601, 3600)).toBeNull();
    expect(timeWarning(600, 3600)).toBe(600);
    expect(timeWarning(301, 3600)).toBe(600);
    expect(timeWarning(300, 3600)).toBe(300);
    expect(timeWarning(61, 3600)).toBe(300);
    expect(timeWarning(60, 3600)).toBe(60);
    expect(timeWarning(1, 3600)).toBe(60);
    expect(timeWarning(0, 3600)).toBeNull();
  });

  it('skips a warning the whole timer would be under', () => {
    expect(timeWarning(200, 240)).toBeNull();
    // A 9-minute timer: no 10-minute warning, the 5-minute one as usual.
    expect(timeWarning(500, 540)).toBeNull();
    expect(timeWarning(300, 540)).toBe(300);
    expect(timeWarning(50, 240)).toBe(60);
    expect(timeWarning(50, 60)).toBeNull();
  });
});
