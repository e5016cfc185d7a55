import { describe, expect, it } from 'vitest';
import { MemoryCounterStore, Throttle, type CounterStore } from './throttle.ts';

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
