import { describe, expect, it } from 'vitest';
import { clockOffsetMs, formatClock, remainingSeconds } from './countdown.ts';

describe('countdown arithmetic', () => {
  it('counts down to the deadline by the server clock, whatever this clock says', () => {
    // This computer is 90 s behind the server.
    const receivedAt = Date.parse('2026-03-05T12:00:00.000Z');
    const offset = clockOffsetMs('2026-03-05T12:01:30.000Z', receivedAt);
    expect(offset).toBe(90_000);

    const deadline = '2026-03-05T12:11:30.000Z';
    expect(remainingSeconds(deadline, offset, receivedAt)).toBe(600);
    expect(remainingSeconds(deadline, offset, receivedAt + 599_500)).toBe(1);
    expect(remainingSeconds(deadline, offset, receivedAt + 600_000)).toBe(0);
    expect(remainingSeconds(deadline, offset, receivedAt + 700_000)).toBe(0);
  });

  it('shows hours, minutes and seconds', () => {
    expect(formatClock(3725)).toBe('01:02:05');
    expect(formatClock(59)).toBe('00:00:59');
    expect(formatClock(-3)).toBe('00:00:00');
  });
});
