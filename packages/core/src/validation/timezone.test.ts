import { describe, expect, it } from 'vitest';
import { timeZoneProblem } from './timezone.ts';

describe('timeZoneProblem', () => {
  it('accepts IANA names, aliases included', () => {
    for (const name of [
      'America/Santiago',
      'UTC',
      'Etc/GMT+3',
      'Asia/Kolkata',
      'Asia/Calcutta',
      'America/Argentina/Buenos_Aires',
    ])
      expect(timeZoneProblem(name), name).toBeUndefined();
  });

  it('refuses unknown names, offsets and anything that is not a name', () => {
    for (const name of [
      'Mars/Olympus',
      '+01:00',
      'America/Santiago; DROP',
      '',
      ' UTC',
      '../etc',
      'a'.repeat(65),
    ])
      expect(timeZoneProblem(name), name).toBe('validation.timezone');
  });
});
