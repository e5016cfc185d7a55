import { describe, expect, it } from 'vitest';
import { StatisticsReadCache } from './read-cache.ts';

function counter<T>(value: T) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    return value;
  };
  return { calls, load };
}

describe('StatisticsReadCache', () => {
  it('reads once within the TTL and again after it', async () => {
    let now = 1_000;
    const cache = new StatisticsReadCache({ ttlMs: 5_000, now: () => now });
    const { calls, load } = counter(42);
    expect(await cache.read('spread:1:', load)).toBe(42);
    now += 4_999;
    expect(await cache.read('spread:1:', load)).toBe(42);
    expect(calls.count).toBe(1);
    now += 1;
    expect(await cache.read('spread:1:', load)).toBe(42);
    expect(calls.count).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new StatisticsReadCache({ ttlMs: 5_000 });
    expect(await cache.read('a', async () => 1)).toBe(1);
    expect(await cache.read('b', async () => 2)).toBe(2);
    expect(await cache.read('a', async () => 3)).toBe(1);
  });

  it('shares one read between concurrent first requests', async () => {
    const cache = new StatisticsReadCache({ ttlMs: 5_000 });
    const { calls, load } = counter('rows');
    const values = await Promise.all([1, 2, 3].map(() => cache.read('themes:7', load)));
    expect(values).toEqual(['rows', 'rows', 'rows']);
    expect(calls.count).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const cache = new StatisticsReadCache({ ttlMs: 5_000 });
    await expect(
      cache.read('subject:9', async () => {
        throw new Error('missing');
      }),
    ).rejects.toThrow('missing');
    expect(await cache.read('subject:9', async () => true)).toBe(true);
  });

  it('reads every time with a TTL of 0', async () => {
    const cache = new StatisticsReadCache({ ttlMs: 0 });
    const { calls, load } = counter(1);
    await cache.read('k', load);
    await cache.read('k', load);
    expect(calls.count).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('starts over when it holds maxEntries keys', async () => {
    const cache = new StatisticsReadCache({ ttlMs: 5_000, maxEntries: 2 });
    await cache.read('a', async () => 1);
    await cache.read('b', async () => 2);
    await cache.read('c', async () => 3);
    expect(cache.size).toBe(1);
  });
});
