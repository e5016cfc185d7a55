import { describe, expect, it } from 'vitest';
import { Lockout, MemoryCounterStore, Throttle, type CounterStore } from './throttle.ts';

describe('Throttle on the memory store', () => {
  it('limits hits in a window that starts at the first hit, then starts again', async () => {
    let now = 1_000_000;
    const throttle = new Throttle(new MemoryCounterStore(() => now), {
      name: 'test',
      max: 2,
      windowMs: 60_000,
    });
    expect(await throttle.retryAfter('a')).toBe(0);
    await throttle.hit('a');
    now += 30_000;
    await throttle.hit('a');
    expect(await throttle.retryAfter('a')).toBe(30);
    expect(await throttle.retryAfter('b')).toBe(0);
    now += 30_000;
    expect(await throttle.retryAfter('a')).toBe(0);
    await throttle.hit('a');
    expect(await throttle.retryAfter('a')).toBe(0);
  });

  it('forgets a key when cleared', async () => {
    const throttle = new Throttle(new MemoryCounterStore(), {
      name: 't',
      max: 1,
      windowMs: 60_000,
    });
    await throttle.hit('a');
    expect(await throttle.retryAfter('a')).toBeGreaterThan(0);
    await throttle.clear('a');
    expect(await throttle.retryAfter('a')).toBe(0);
  });

  it('fails open when its store is down, and reports the error', async () => {
    const broken: CounterStore = {
      hit: () => Promise.reject(new Error('down')),
      peek: () => Promise.reject(new Error('down')),
      clear: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const throttle = new Throttle(broken, {
      name: 't',
      max: 1,
      windowMs: 1000,
      onError: (error) => errors.push(error),
    });
    await throttle.hit('a');
    expect(await throttle.retryAfter('a')).toBe(0);
    await throttle.clear('a');
    expect(errors).toHaveLength(3);
  });
});

describe('Lockout on the memory store', () => {
  const MINUTE = 60_000;
  let now = 0;
  const lockout = () =>
    new Lockout(new MemoryCounterStore(() => now), {
      name: 'test',
      maxFailures: 3,
      windowMs: 15 * MINUTE,
      firstLockMs: MINUTE,
      maxLockMs: 15 * MINUTE,
      memoryMs: 24 * 60 * MINUTE,
    });
  const failUntilLocked = async (subject: Lockout, key: string) => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await subject.fail(key));
    return answers;
  };

  it('locks a key at its last allowed failure, for a minute, then gives a fresh allowance', async () => {
    now = 5_000_000;
    const subject = lockout();
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0); // the last allowed one: counted, and it locks
    expect(await subject.retryAfter('a')).toBe(60);
    expect(await subject.retryAfter('b')).toBe(0);

    now += 59_000;
    expect(await subject.retryAfter('a')).toBe(1);
    now += 1_000;
    expect(await subject.retryAfter('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(0);
  });

  it('tells the tries that race past the allowance to wait', async () => {
    now = 7_000_000;
    const subject = lockout();
    const answers = await Promise.all(Array.from({ length: 8 }, () => subject.fail('a')));
    expect(answers.filter((wait) => wait === 0)).toHaveLength(3);
    expect(await subject.retryAfter('a')).toBe(60);
  });

  it('doubles each further lock up to the maximum, and every lock ends', async () => {
    now = 9_000_000;
    const subject = lockout();
    const locks = [];
    for (let i = 0; i < 7; i++) {
      expect(await failUntilLocked(subject, 'a')).toEqual([0, 0, 0]);
      const wait = await subject.retryAfter('a');
      locks.push(wait / 60);
      now += wait * 1000;
      expect(await subject.retryAfter('a')).toBe(0);
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it('forgets the past locks after its memory, or when cleared', async () => {
    now = 20_000_000;
    const subject = lockout();
    await failUntilLocked(subject, 'a');
    now += MINUTE;
    await failUntilLocked(subject, 'a');
    expect(await subject.retryAfter('a')).toBe(120);

    now += 24 * 60 * MINUTE;
    await failUntilLocked(subject, 'a');
    expect(await subject.retryAfter('a')).toBe(60);

    now += MINUTE;
    await failUntilLocked(subject, 'a');
    expect(await subject.retryAfter('a')).toBe(120);
    await subject.clear('a');
    expect(await subject.retryAfter('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(0);
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(60);
  });

  it('counts failures in a window from the first one', async () => {
    now = 40_000_000;
    const subject = lockout();
    await subject.fail('a');
    await subject.fail('a');
    now += 15 * MINUTE;
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(0);
  });

  it('fails open when its store is down, and reports the error', async () => {
    const broken: CounterStore = {
      hit: () => Promise.reject(new Error('down')),
      peek: () => Promise.reject(new Error('down')),
      clear: () => Promise.reject(new Error('down')),
    };
    const errors: unknown[] = [];
    const subject = new Lockout(broken, {
      name: 't',
      maxFailures: 1,
      windowMs: 1000,
      firstLockMs: 1000,
      maxLockMs: 1000,
      memoryMs: 1000,
      onError: (error) => errors.push(error),
    });
    expect(await subject.fail('a')).toBe(0);
    expect(await subject.retryAfter('a')).toBe(0);
    await subject.clear('a');
    expect(errors).toHaveLength(3);
  });
});
