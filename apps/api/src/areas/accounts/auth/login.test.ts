import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createAddress, createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { verifyPassword } from './password.ts';
import { addressKey } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  // Room for the throttles' own limits: every client here has an address of its own except the
  // one that tries 30 accounts, which the route's 10 logins a minute per address would stop first.
  t = await buildTestApp({ loginRateLimitMax: 1000 });
});
afterAll(() => t.close());

const WRONG = 'Wrong#2026x';

describe('POST /api/login', () => {
  it('answers the full profile, address included', async () => {
    const user = await createStudent(t.db, { countryId: 152, taxId: '12345678-5' });
    const address = await createAddress(t.db, user.id);
    const response = await new TestClient(t.app).login(user.email, TEST_PASSWORD);
    expect(response.json().data).toMatchObject({
      id: user.id,
      country_id: 152,
      tax_id: '12345678-5',
      address: {
        id: address.id,
        address_line_1: 'Av. Providencia 1234',
        zip_code: '7500000',
        town: { id: 13123, name: 'Providencia' },
        city: { id: 131, name: 'Santiago' },
        state: { id: 13, name: 'Región Metropolitana de Santiago' },
      },
    });
  });
});

// Counts the password checks, to prove that a throttled try does no hashing work.
vi.mock(import('./password.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});

const MINUTE = 60_000;
const attempt = (client: TestClient, email: string, password = WRONG) =>
  client.post('/api/login', { email, password });
const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

/** Fails an account's 10 allowed tries, each from an address of its own. */
async function lockAccount(email: string) {
  for (let i = 0; i < 10; i++)
    expect((await attempt(new TestClient(t.app), email)).statusCode).toBe(422);
}

describe('failed-login throttling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("locks an account tried from many addresses, without checking the password again: 429 'Too many attempts.'", async () => {
    const user = await createStudent(t.db);
    vi.mocked(verifyPassword).mockClear();
    // 20 addresses x 5 wrong passwords, all at once.
    const clients = Array.from({ length: 20 }, () => new TestClient(t.app, { language: 'en' }));
    const responses = await Promise.all(
      clients.flatMap((client) => Array.from({ length: 5 }, () => attempt(client, user.email))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(10);

    // The right password, from a new address, waits too (and is not checked).
    const owner = new TestClient(t.app, { language: 'en' });
    const limited = await attempt(owner, user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts.' });
    expect(retryAfter(limited)).toBeGreaterThan(0);
    expect(retryAfter(limited)).toBeLessThanOrEqual(60);
    expect(vi.mocked(verifyPassword)).toHaveBeenCalledTimes(10);
    expect((await owner.get('/api/me')).statusCode).toBe(401);

    owner.language = 'es';
    const spanish = await attempt(owner, ` ${user.email.toUpperCase()} `);
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json()).toEqual({ message: 'Demasiados intentos.' });

    // Other accounts are not held back, from any of those addresses.
    const other = await createStudent(t.db);
    expect((await attempt(clients[0]!, other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('locks an address that tries many accounts, whatever the account', async () => {
    const address = new TestClient(t.app);
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      const email = i % 2 ? (await createStudent(t.db)).email : `nobody-${randomUUID()}@example.cl`;
      statuses.push((await attempt(address, email)).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([422]));

    const user = await createStudent(t.db);
    const limited = await attempt(address, user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(retryAfter(limited)).toBeLessThanOrEqual(60);
    // The account itself is fine from elsewhere.
    expect((await attempt(new TestClient(t.app), user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('doubles the lock with each further one, lets the owner in once it ends, and a success clears the count', async () => {
    const user = await createStudent(t.db);
    let now = Date.now();
    vi.setSystemTime(now);

    const waits = [];
    for (let lock = 0; lock < 3; lock++) {
      await lockAccount(user.email);
      const limited = await attempt(new TestClient(t.app), user.email, TEST_PASSWORD);
      expect(limited.statusCode).toBe(429);
      waits.push(retryAfter(limited));
      // Still locked a second before the end, even for the right password.
      vi.setSystemTime((now += (retryAfter(limited) - 1) * 1000));
      expect((await attempt(new TestClient(t.app), user.email, TEST_PASSWORD)).statusCode).toBe(
        429,
      );
      vi.setSystemTime((now += 1000));
    }
    expect(waits).toEqual([60, 120, 240]);

    // The lock has ended: the owner gets in, which forgets the locks and the failures.
    const owner = new TestClient(t.app);
    expect((await attempt(owner, user.email, TEST_PASSWORD)).statusCode).toBe(200);
    await lockAccount(user.email);
    const limited = await attempt(new TestClient(t.app), user.email, TEST_PASSWORD);
    expect(retryAfter(limited)).toBe(60);

    // The longest lock is 15 minutes.
    for (let lock = 0; lock < 5; lock++) {
      vi.setSystemTime((now += 16 * MINUTE));
      await lockAccount(user.email);
    }
    expect(retryAfter(await attempt(new TestClient(t.app), user.email))).toBe(15 * 60);
  });

  it('throttles unknown e-mails alike, so the answer does not tell whether an account exists', async () => {
    const email = `nobody-${randomUUID()}@example.cl`;
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await attempt(new TestClient(t.app), email)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
  });
});

describe('the signed-in hint cookie', () => {
  it('is readable, says only that a session exists, and goes with logout', async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    expect(client.cookies.has('ensaya_signed_in')).toBe(false); // a guest session is no sign-in
    const login = await client.login(user.email, TEST_PASSWORD);
    const hint = login.cookies.find((cookie) => cookie.name === 'ensaya_signed_in');
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
    await client.post('/api/logout');
    expect(client.cookies.has('ensaya_signed_in')).toBe(false);
  });
});

describe('logout', () => {
  it('leaves the old session cookie worthless', async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app);
    await client.login(user.email, TEST_PASSWORD);
    const cookie = client.cookies.get('ensaya_session')!;
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    for (const url of ['/api/me']) {
      const replay = await t.app.inject({
        method: 'GET',
        url,
        cookies: { ensaya_session: cookie },
      });
      expect(replay.statusCode).toBe(401);
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      cookies: { ensaya_session: cookie },
      payload: { name: 'Eve', last_name: 'Eve', email: user.email },
    });
    expect(patch.statusCode).toBe(419);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('failed-login throttling shared through Redis', () => {
  it('counts the failures of two API instances together', async () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    const first = await buildTestApp({ redisUrl });
    const second = await buildTestApp({ redisUrl });
    try {
      const email = `shared-${randomUUID()}@example.cl`;
      const remoteAddress = `10.250.${Math.floor(Math.random() * 250)}.`;
      const statuses = [];
      for (let i = 0; i < 11; i++) {
        // Every try from another address, on alternate instances: the account's count is shared.
        const client = new TestClient((i % 2 ? second : first).app, {
          remoteAddress: `${remoteAddress}${i}`,
        });
        statuses.push((await client.post('/api/login', { email, password: WRONG })).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(422), 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the address a login throttle counts', () => {
  it('is the IPv4 address, or the /64 of an IPv6 one', () => {
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:1:2::ff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
