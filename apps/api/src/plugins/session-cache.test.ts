import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { sessions } from '../db/schema/index.ts';
import { seedDatabase } from '../seed/index.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createStudent, TEST_PASSWORD } from '../test/factories.ts';

const NEW_PASSWORD = 'OtroSecreto#2027';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A second browser holding the same cookies (a stolen or copied session), on any instance. */
function copyOf(client: TestClient, app = t.app) {
  const copy = new TestClient(app);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function signedIn(app = t.app) {
  const user = await createStudent(t.db);
  const client = new TestClient(app);
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

describe('the session cache', () => {
  it('refuses the cookie of a session logged out at once, though it was cached', async () => {
    const { client } = await signedIn();
    const kept = copyOf(client);
    expect((await kept.get('/api/me')).statusCode).toBe(200);
    expect((await kept.get('/api/me')).statusCode).toBe(200);
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await kept.get('/api/me')).statusCode).toBe(401);
  });

  it('ends the other sessions at once on a password change, and keeps the current one', async () => {
    const { user, client } = await signedIn();
    const other = new TestClient(t.app);
    await other.login(user.email, TEST_PASSWORD);
    expect((await other.get('/api/me')).statusCode).toBe(200);
    expect((await client.get('/api/me')).statusCode).toBe(200);
    const change = await client.post('/api/change-password', {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await other.get('/api/me')).statusCode).toBe(401);
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('answers from memory: a guarded request does not read the session again', async () => {
    const { user, client } = await signedIn();
    expect((await client.get('/api/me')).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    // Removed behind the app's back (no logout): the cached entry still answers, for its TTL.
    await t.db.delete(sessions).where(eq(sessions.id, row!.id));
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('keeps a bounded number of entries, the newest', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 2 });
    const entry = (id: string, userId: number) => ({
      session: {
        id,
        userId,
        csrfToken: 'x',
        ip: null,
        userAgent: null,
        createdAt: new Date(0),
        lastSeenAt: new Date(0),
        expiresAt: new Date(10_000_000),
      },
      user: { id: userId, role: 'student' as const, permissions: [] },
    });
    for (const id of ['a', 'b', 'c']) cache.set(id, entry(id, 1), cache.generation, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.session.id).toBe('c');
    // Past the TTL, or past the session's own expiry, an entry is gone.
    expect(cache.get('c', 60_001)).toBeUndefined();
    // A read that began before a drop is not kept: it may have seen the dropped session.
    const generation = cache.generation;
    void cache.userChanged(1);
    cache.set('d', entry('d', 1), generation, 0);
    expect(cache.get('d', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('keeps a check that passed with its session, never past the entry, and forgets it on a drop', () => {
    const cache = new SessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const entry = (id: string, userId: number) => ({
      session: {
        id,
        userId,
        csrfToken: 'x',
        ip: null,
        userAgent: null,
        createdAt: new Date(0),
        lastSeenAt: new Date(0),
        expiresAt: new Date(10_000_000),
      },
      user: { id: userId, role: 'student' as const, permissions: [] },
    });
    // No entry, no grant: a check made for a session that is not cached is not kept.
    cache.addGrant('a', 'content:1', cache.generation, 0);
    expect(cache.hasGrant('a', 'content:1', 1)).toBe(false);
    cache.set('a', entry('a', 1), cache.generation, 0);
    cache.addGrant('a', 'content:1', cache.generation, 10);
    expect(cache.hasGrant('a', 'content:1', 20)).toBe(true);
    expect(cache.hasGrant('a', 'content:2', 20)).toBe(false);
    // Gone with the entry, whose TTL counts from when the session was cached.
    expect(cache.hasGrant('a', 'content:1', 60_001)).toBe(false);

    cache.set('b', entry('b', 2), cache.generation, 0);
    // A check that began before a drop is not kept.
    const generation = cache.generation;
    void cache.userChanged(9);
    cache.addGrant('b', 'content:1', generation, 1);
    expect(cache.hasGrant('b', 'content:1', 2)).toBe(false);
    cache.addGrant('b', 'content:1', cache.generation, 1);
    expect(cache.hasGrant('b', 'content:1', 2)).toBe(true);
    // A drop of the user's sessions forgets their grants.
    void cache.userChanged(2);
    expect(cache.hasGrant('b', 'content:1', 3)).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('the session cache across instances', () => {
  let database: Database;
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    // Two app instances on one database and one Redis, as behind a load balancer.
    const databaseUrl = inject('databaseUrl') || undefined;
    database = await createDatabase({ databaseUrl });
    if (!databaseUrl) {
      await database.migrate();
      await seedDatabase(database.db, { demo: false });
    }
    const config = testConfig({ databaseUrl, redisUrl: process.env.TEST_REDIS_URL });
    first = await buildApp({ config, database, serveWebApp: false });
    second = await buildApp({ config, database, serveWebApp: false });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  /** Polls until the instance refuses the cookie (the message travels through Redis). */
  async function refusedWithin(client: TestClient, ms: number) {
    const until = Date.now() + ms;
    for (;;) {
      if ((await client.get('/api/me')).statusCode === 401) return true;
      if (Date.now() > until) return false;
      await sleep(20);
    }
  }

  it('a logout on one instance is refused by the other within a short wait', async () => {
    const user = await createStudent(database.db);
    const onFirst = new TestClient(first);
    await onFirst.login(user.email, TEST_PASSWORD);
    const onSecond = copyOf(onFirst, second);
    expect((await onSecond.get('/api/me')).statusCode).toBe(200);
    expect((await onFirst.post('/api/logout')).statusCode).toBe(204);
    // Well under the 30 s the entry would otherwise live.
    expect(await refusedWithin(onSecond, 2_000)).toBe(true);
  });

  it('a password change on one instance ends the sessions cached by the other', async () => {
    const user = await createStudent(database.db);
    const current = new TestClient(first);
    await current.login(user.email, TEST_PASSWORD);
    const other = new TestClient(second);
    await other.login(user.email, TEST_PASSWORD);
    expect((await other.get('/api/me')).statusCode).toBe(200);
    const change = await current.post('/api/change-password', {
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await refusedWithin(other, 2_000)).toBe(true);
    expect((await copyOf(current, second).get('/api/me')).statusCode).toBe(200);
  });
});
