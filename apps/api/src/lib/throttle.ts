import type { Redis } from 'ioredis';

/**
 * Counters in fixed windows that start at a key's first hit, for throttles the route-level rate
 * limit cannot express (failed logins per account and per address, mail resends per user). In memory
 * by default; in Redis when `REDIS_URL` is set, so that every API instance counts together.
 */
export interface CounterStore {
  /** Adds a hit; returns the count in the current window and the milliseconds left in it. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** The current window's count (0 when none) without adding to it. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  clear(key: string): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly now: () => number;

  // Read through `Date.now()` at each call (not a reference taken once), so tests can move the clock.
  constructor(now: () => number = () => Date.now()) {
    this.now = now;
  }

  async hit(key: string, windowMs: number) {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async peek(key: string) {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// INCR and the expiry of a new window in one step, so a crash between them cannot leave a counter
// that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(redis: Redis, prefix = 'ensaya-throttle:') {
    this.redis = redis;
    this.prefix = prefix;
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, windowMs)) as [
      number,
      number,
    ];
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async peek(key: string) {
    const [count, ttl] = await Promise.all([
      this.redis.get(this.prefix + key),
      this.redis.pttl(this.prefix + key),
    ]);
    return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async clear(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** A named limit: at most `max` hits per key in `windowMs`. */
export class Throttle {
  private readonly store: CounterStore;
  private readonly name: string;
  private readonly max: number;
  private readonly windowMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(
    store: CounterStore,
    options: { name: string; max: number; windowMs: number; onError?: (error: unknown) => void },
  ) {
    this.store = store;
    this.name = options.name;
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.onError = options.onError ?? (() => {});
  }

  /** Seconds to wait when the key has used up its window, otherwise 0. */
  async retryAfter(key: string): Promise<number> {
    try {
      const { count, resetInMs } = await this.store.peek(this.key(key));
      return count >= this.max ? Math.max(1, Math.ceil(resetInMs / 1000)) : 0;
    } catch (error) {
      // A counter store outage must not lock everybody out (nor take the API down): fail open.
      this.onError(error);
      return 0;
    }
  }

  async hit(key: string): Promise<void> {
    try {
      await this.store.hit(this.key(key), this.windowMs);
    } catch (error) {
      this.onError(error);
    }
  }

  async clear(key: string): Promise<void> {
    try {
      await this.store.clear(this.key(key));
    } catch (error) {
      this.onError(error);
    }
  }

  private key(key: string) {
    return `${this.name}:${key}`;
  }
}

/**
 * Failures per key with a lockout that grows. A key may fail `maxFailures` times in `windowMs`
 * (from its first failure); the failure that uses the allowance up locks the key for
 * `firstLockMs`, and each further lock lasts twice the one before, up to `maxLockMs`. After a lock
 * the key gets a fresh allowance. Locks are counted for `memoryMs` from the first one, so a key
 * that keeps failing waits longer and longer, while every lock still ends. `clear` forgets it all.
 */
export class Lockout {
  private readonly store: CounterStore;
  private readonly options: {
    name: string;
    maxFailures: number;
    windowMs: number;
    firstLockMs: number;
    maxLockMs: number;
    memoryMs: number;
  };
  private readonly onError: (error: unknown) => void;

  constructor(
    store: CounterStore,
    options: {
      name: string;
      maxFailures: number;
      windowMs: number;
      firstLockMs: number;
      maxLockMs: number;
      memoryMs: number;
      onError?: (error: unknown) => void;
    },
  ) {
    this.store = store;
    const { onError, ...rest } = options;
    this.options = rest;
    this.onError = onError ?? (() => {});
  }

  /** Seconds the key stays locked, 0 when it is free. */
  async retryAfter(key: string): Promise<number> {
    try {
      const { count, resetInMs } = await this.store.peek(this.lockKey(key));
      return count > 0 ? seconds(resetInMs) : 0;
    } catch (error) {
      // A counter store outage must not lock everybody out (nor take the API down): fail open.
      this.onError(error);
      return 0;
    }
  }

  /**
   * Counts a failure: call it after a failed check, or before the check to reserve the try (then
   * concurrent tries cannot all slip in before the lock). Returns 0 while the key is within its
   * allowance (the failure that uses it up locks the key but still counts as allowed), otherwise
   * the seconds to wait: the caller refuses the try.
   */
  async fail(key: string): Promise<number> {
    const { maxFailures, windowMs, memoryMs } = this.options;
    try {
      // Failures are counted per lock level, so a lock's end starts a fresh allowance while the
      // tries that raced the lock still find theirs used up.
      const { count: locks } = await this.store.peek(this.locksKey(key));
      const { count } = await this.store.hit(this.failuresKey(key, locks), windowMs);
      if (count === maxFailures) {
        await this.store.hit(this.lockKey(key), this.lockMs(locks + 1));
        await this.store.hit(this.locksKey(key), memoryMs);
        return 0;
      }
      if (count < maxFailures) return 0;
      return Math.max(1, await this.retryAfter(key));
    } catch (error) {
      this.onError(error);
      return 0;
    }
  }

  /** Forgets the key's failures, its lock and its past locks. */
  async clear(key: string): Promise<void> {
    try {
      const { count: locks } = await this.store.peek(this.locksKey(key));
      // Every level's failures: a window of a lower level may still be open.
      const levels = Array.from({ length: locks + 1 }, (_, level) => level);
      await Promise.all([
        ...levels.map((level) => this.store.clear(this.failuresKey(key, level))),
        this.store.clear(this.lockKey(key)),
        this.store.clear(this.locksKey(key)),
      ]);
    } catch (error) {
      this.onError(error);
    }
  }

  /** How long the key's `nth` lock lasts (1, 2, 4, ... times the first, up to the maximum). */
  lockMs(nth: number): number {
    const { firstLockMs, maxLockMs } = this.options;
    return Math.min(maxLockMs, firstLockMs * 2 ** Math.min(Math.max(0, nth - 1), 30));
  }

  private failuresKey(key: string, level: number) {
    return `${this.options.name}:failures:${level}:${key}`;
  }

  private lockKey(key: string) {
    return `${this.options.name}:lock:${key}`;
  }

  private locksKey(key: string) {
    return `${this.options.name}:locks:${key}`;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
