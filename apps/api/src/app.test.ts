import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, TestClient, type TestApp } from './test/build-test-app.ts';
import { createStudent, TEST_PASSWORD } from './test/factories.ts';
import { sessions } from './db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers, with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('keeps an upstream request id', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(response.headers['x-request-id']).toBe('lb-42');
  });
});

describe('errors', () => {
  it('answers an unknown api path with a JSON 404 in the request language', async () => {
    const es = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(es.statusCode).toBe(404);
    expect(es.headers['content-type']).toContain('application/json');
    expect(es.json()).toEqual({ message: 'La dirección /api/no-such-thing no existe.' });

    const en = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-localization': 'en' },
    });
    expect(en.json()).toEqual({ message: 'The address /api/no-such-thing does not exist.' });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const client = new TestClient(t.app, { language: 'en' });
    const response = await client.post('/api/login', '{"email": "a@b.cl",', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers invalid input with 422 and localized field errors', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/login', { email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Por favor completa los campos requeridos.',
      errors: { email: ['¡Formato inválido!'], password: ['Este campo es obligatorio.'] },
    });
  });

  it('chooses the language by X-Localization, then Accept-Language, then Spanish', async () => {
    const byAccept = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(byAccept.json()).toEqual({ message: 'Unauthenticated.' });
    expect(byAccept.headers['content-language']).toBe('en');

    const byHeader = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'accept-language': 'en-US', 'x-localization': 'es' },
    });
    expect(byHeader.json()).toEqual({ message: 'No autenticado.' });
  });
});

describe('CSRF', () => {
  it('refuses a mutating request without the token with 419, changing nothing', async () => {
    const before = await t.db.select().from(sessions);
    const response = await new TestClient(t.app, { language: 'en' }).post(
      '/api/login',
      { email: 'x@y.cl', password: 'whatever' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toMatch(/CSRF/);
    expect(await t.db.select().from(sessions)).toHaveLength(before.length);
  });

  it('refuses a token that does not match the session', async () => {
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    const response = await client.post('/api/logout', undefined, {
      csrf: false,
      headers: { 'x-xsrf-token': 'forged' },
    });
    expect(response.statusCode).toBe(419);
  });

  it('issues an HttpOnly session cookie and a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies.ensaya_session?.httpOnly).toBe(true);
    expect(cookies['XSRF-TOKEN']?.httpOnly).toBeFalsy();
    expect(cookies['XSRF-TOKEN']?.sameSite).toBe('Lax');
  });
});

describe('sessions and the auth guard', () => {
  it('logs in, renews the session, serves /api/me, and logs out on the server', async () => {
    const user = await createStudent(t.db, { name: 'Ignacia' });
    const client = new TestClient(t.app);
    await client.get('/api/csrf-cookie');
    const guestCookie = client.cookies.get('ensaya_session');

    const login = await client.login(` ${user.email.toUpperCase()} `, TEST_PASSWORD);
    expect(login.json().data).toMatchObject({ id: user.id, name: 'Ignacia', email: user.email });
    expect(login.json().data).not.toHaveProperty('password_hash');
    expect(client.cookies.get('ensaya_session')).not.toBe(guestCookie);

    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(user.id);

    const stolenCookie = client.cookies.get('ensaya_session')!;
    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await client.get('/api/me')).statusCode).toBe(401);
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      cookies: { ensaya_session: stolenCookie },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses wrong credentials with the same answer for unknown e-mails', async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app, { language: 'en' });
    const wrongPassword = await client.post('/api/login', {
      email: user.email,
      password: 'Wrong#2026x',
    });
    const unknownEmail = await client.post('/api/login', {
      email: 'nobody@example.cl',
      password: 'Wrong#2026x',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().errors.email).toEqual([
      'These credentials do not match our records.',
    ]);
  });

  it('treats an expired session as signed out', async () => {
    const user = await createStudent(t.db);
    const client = new TestClient(t.app);
    await client.login(user.email, TEST_PASSWORD);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(
      document.paths['/api/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
    expect(document.paths).toHaveProperty('/api/health');

    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
