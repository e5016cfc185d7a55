import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createAddress, createStudent, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
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

describe('failed-login throttling', () => {
  it("answers 429 'Too many attempts.' after 5 failures in a minute, even to the right password", async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app, { language: 'en' });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post('/api/login', { email: user.email, password: WRONG })).statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422]);

    const limited = await client.post('/api/login', { email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many attempts.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await client.get('/api/me')).statusCode).toBe(401);

    client.language = 'es';
    const spanish = await client.post('/api/login', {
      email: ` ${user.email.toUpperCase()} `,
      password: WRONG,
    });
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json()).toEqual({ message: 'Demasiados intentos.' });
  });

  it('counts per e-mail and address: other e-mails and other addresses are not held back', async () => {
    const user = await createStudent(t.db);
    const other = await createStudent(t.db);
    const client = new TestClient(t.app);
    for (let i = 0; i < 5; i++)
      await client.post('/api/login', { email: user.email, password: WRONG });
    expect(
      (await client.post('/api/login', { email: user.email, password: WRONG })).statusCode,
    ).toBe(429);

    // Same address, another e-mail (a shared school network).
    expect(
      (await client.post('/api/login', { email: other.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    // Same e-mail, another address (the student at home).
    const elsewhere = new TestClient(t.app);
    expect(
      (await elsewhere.post('/api/login', { email: user.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('counts failures only and starts again after a success', async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app);
    for (let i = 0; i < 4; i++)
      await client.post('/api/login', { email: user.email, password: WRONG });
    await client.login(user.email, TEST_PASSWORD);
    await client.post('/api/logout');
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.post('/api/login', { email: user.email, password: WRONG })).statusCode,
      );
    }
    expect(statuses).toEqual([422, 422, 422, 422]);
    expect(
      (await client.post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('throttles unknown e-mails alike, so the answer does not tell whether an account exists', async () => {
    const client = new TestClient(t.app);
    const email = `nobody-${randomUUID()}@example.cl`;
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await client.post('/api/login', { email, password: WRONG })).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
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
      const remoteAddress = `10.250.${Math.floor(Math.random() * 250)}.9`;
      const statuses = [];
      for (const t of [first, second, first, second, first, second]) {
        const client = new TestClient(t.app, { remoteAddress });
        statuses.push((await client.post('/api/login', { email, password: WRONG })).statusCode);
      }
      expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
