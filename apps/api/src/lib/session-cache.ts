import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SessionRow, SessionUser } from '../areas/accounts/index.ts';

/** What a guarded request needs of its session: the row and its user (null for a guest). */
export type CachedSession = { session: SessionRow; user: SessionUser | null };

/**
 * `grants`: checks that passed for this session since it was cached (`content:<attempt id>`: the
 * attempt's content may be read), forgotten with the entry.
 */
type Entry = CachedSession & { cachedUntil: number; grants?: Set<string> };

/** Grants kept per session at most (a student has one attempt running per subject). */
const MAX_GRANTS = 32;

type Invalidation = { from: string; sessionId?: string; userId?: number; exceptId?: string };

export type SessionCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** Publishes ends to the other instances; undefined: one process, local drops suffice. */
  redis?: Redis | undefined;
  onError?: (error: unknown) => void;
};

/** The Redis channel on which instances tell each other that sessions ended. */
export const SESSION_CHANNEL = 'ensaya:sessions:ended';

/**
 * Sessions and their users kept in this process for a short while (`ttlMs`), so that a guarded
 * request does not cost a query (DESIGN: "Sessions"). Bounded: past `maxEntries` the oldest entry
 * goes. The key is the session id (the SHA-256 of the cookie's token).
 *
 * Ending a session (logout, a new login, a password change or reset) drops its entry here at once
 * and, with Redis, in every other instance through a pub/sub message. An instance that misses a
 * message (Redis down, its subscriber reconnecting) keeps a stale entry at most `ttlMs`; a
 * reconnected subscriber empties the cache to narrow that.
 *
 * A read from the database that began before a drop is not cached (the drop counter moved): a
 * session deleted in a transaction still reads as live until the commit, and must not come back.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  private drops = 0;
  private readonly instance = randomUUID();
  private subscriber: Redis | undefined;

  private readonly options: SessionCacheOptions;

  constructor(options: SessionCacheOptions) {
    this.options = options;
  }

  get enabled() {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  /** The counter to hand back to `set`: a drop in between makes that `set` a no-op. */
  get generation() {
    return this.drops;
  }

  get(id: string, now: number): CachedSession | undefined {
    return this.liveEntry(id, now);
  }

  set(id: string, value: CachedSession, generation: number, now: number) {
    if (!this.enabled || generation !== this.drops) return;
    this.remove(id);
    this.entries.set(id, { ...value, cachedUntil: now + this.options.ttlMs });
    const userId = value.session.userId;
    if (userId !== null) {
      let ids = this.byUser.get(userId);
      if (!ids) this.byUser.set(userId, (ids = new Set()));
      ids.add(id);
    }
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  /** Whether a check named `grant` passed for the session since its entry was cached. */
  hasGrant(id: string, grant: string, now: number): boolean {
    return this.liveEntry(id, now)?.grants?.has(grant) === true;
  }

  /**
   * Remembers that a check passed for the session, for as long as its entry stays cached (at most
   * `ttlMs`, less if it was cached earlier; a drop forgets it). `generation` is the counter read
   * before the check: a drop in between makes this a no-op, as for `set`.
   */
  addGrant(id: string, grant: string, generation: number, now: number) {
    if (generation !== this.drops) return;
    const entry = this.liveEntry(id, now);
    if (!entry) return;
    entry.grants ??= new Set();
    if (entry.grants.size >= MAX_GRANTS) entry.grants.clear();
    entry.grants.add(grant);
  }

  /** The sliding expiry was written: keep the cached copy in step, so it is written once a minute. */
  touched(id: string, lastSeenAt: Date, expiresAt: Date) {
    const entry = this.entries.get(id);
    if (entry) entry.session = { ...entry.session, lastSeenAt, expiresAt };
  }

  /** A session ended (logout, a new login): dropped here and in every instance. */
  async sessionEnded(id: string) {
    this.dropLocal({ from: this.instance, sessionId: id });
    await this.publish({ from: this.instance, sessionId: id });
  }

  /**
   * A user's sessions ended or their user changed (a password change or reset; a role, permissions
   * or a block, should the admin ever change them): every entry of the user but `exceptId` goes.
   */
  async userChanged(userId: number, exceptId?: string) {
    const message: Invalidation = { from: this.instance, userId };
    if (exceptId !== undefined) message.exceptId = exceptId;
    this.dropLocal(message);
    await this.publish(message);
  }

  clear() {
    this.drops += 1;
    this.entries.clear();
    this.byUser.clear();
  }

  get size() {
    return this.entries.size;
  }

  /** Listens for the other instances' ends on its own connection (a subscriber can do nothing else). */
  async subscribe(redis: Redis) {
    const subscriber = redis.duplicate();
    this.subscriber = subscriber;
    let wasReady = false;
    subscriber.on('ready', () => {
      // Messages sent while the connection was down are lost: forget everything rather than wait.
      if (wasReady) this.clear();
      wasReady = true;
    });
    subscriber.on('error', (error) => this.options.onError?.(error));
    subscriber.on('message', (_channel: string, text: string) => {
      try {
        const message = JSON.parse(text) as Invalidation;
        if (message.from !== this.instance) this.dropLocal(message);
      } catch (error) {
        this.options.onError?.(error);
      }
    });
    await subscriber.subscribe(SESSION_CHANNEL);
  }

  async close() {
    await this.subscriber?.quit().catch(() => {});
    this.subscriber = undefined;
  }

  private dropLocal(message: Invalidation) {
    this.drops += 1;
    if (message.sessionId !== undefined) this.remove(message.sessionId);
    if (message.userId !== undefined) {
      for (const id of [...(this.byUser.get(message.userId) ?? [])]) {
        if (id !== message.exceptId) this.remove(id);
      }
    }
  }

  private async publish(message: Invalidation) {
    if (!this.options.redis) return;
    try {
      await this.options.redis.publish(SESSION_CHANNEL, JSON.stringify(message));
    } catch (error) {
      // The other instances keep their entry at most ttlMs: the bound documented for a lost message.
      this.options.onError?.(error);
    }
  }

  private liveEntry(id: string, now: number): Entry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.session.expiresAt.getTime() <= now) {
      this.remove(id);
      return undefined;
    }
    return entry;
  }

  private remove(id: string) {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    const userId = entry.session.userId;
    if (userId !== null) {
      const ids = this.byUser.get(userId);
      ids?.delete(id);
      if (ids && ids.size === 0) this.byUser.delete(userId);
    }
  }
}
