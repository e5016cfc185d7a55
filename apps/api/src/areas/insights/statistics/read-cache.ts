/**
 * A short-lived in-process cache for the statistics reads that are the same for every student: the
 * population aggregates (the comparison with all students) and a subject's theme list. Each entry
 * lives `ttlMs`; concurrent first reads of a key share one query; a failed read is not kept.
 * With `ttlMs` 0 every read goes to the database (tests, which read right after a submit).
 *
 * Population figures may lag by the TTL: they already lag by the population queue's drain delay,
 * and one student's attempt moves a mean of thousands by a hair. A student's own figures are never
 * cached.
 */
export class StatisticsReadCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(options: { ttlMs: number; maxEntries?: number; now?: () => number }) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** The value kept under `key` if still fresh, otherwise `load()`'s (kept for `ttlMs`). */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value as Promise<T>;
    // Keys are bounded by the catalog (subjects x types); the guard only stops a runaway.
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const value = load();
    const fresh = { expiresAt: now + this.ttlMs, value };
    this.entries.set(key, fresh);
    value.catch(() => {
      if (this.entries.get(key) === fresh) this.entries.delete(key);
    });
    return value;
  }
}
