import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createWebDist } from '../test/web-dist.ts';
import { createAdmin, createStudent, TEST_PASSWORD } from '../test/factories.ts';

describe('auth guard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        beforeReady(app) {
          app.get('/api/test/student-only', { config: { access: 'user' } }, async () => ({
            ok: true,
          }));
          app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({
            ok: true,
          }));
          app.post(
            '/api/test/callback',
            { config: { access: 'public', csrf: false } },
            async () => ({ ok: true }),
          );
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers 401 to visitors and 403 to students on admin routes', async () => {
    const visitor = new TestClient(t.app, { language: 'en' });
    expect((await visitor.get('/api/test/student-only')).statusCode).toBe(401);
    expect((await visitor.get('/api/test/admin-only')).statusCode).toBe(401);

    const student = new TestClient(t.app, { language: 'en' });
    await student.login((await createStudent(t.db)).email, TEST_PASSWORD);
    expect((await student.get('/api/test/student-only')).statusCode).toBe(200);
    const refused = await student.get('/api/test/admin-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You are not allowed to do this.' });

    const admin = new TestClient(t.app);
    await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
    expect((await admin.get('/api/test/admin-only')).statusCode).toBe(200);
  });

  it('lets third-party callbacks opt out of CSRF, and only them', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/callback', payload: {} });
    expect(response.statusCode).toBe(200);
  });
});

describe('rate limiting', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimitMax: 3 });
  });
  afterAll(() => t.close());

  it("answers 429 'Too many attempts.' past the limit, localized", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { 'x-localization': 'en' } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { 'x-localization': 'en' },
    });
    expect(limited.json()).toEqual({ message: 'Too many attempts.' });
    expect(limited.headers['retry-after']).toBeDefined();
    const spanish = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(spanish.json()).toEqual({ message: 'Demasiados intentos.' });
  });

  it('does not limit the health check', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
  });
});

describe('rate limiting by the matched route', () => {
  it('limits a target written in absolute form like any other (the route decides)', async () => {
    const t = await buildTestApp({ rateLimitMax: 3 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        await new Promise<number>((resolve, reject) =>
          httpRequest({ host: '127.0.0.1', port, path: 'http://x/api/me', agent: false }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
            .on('error', reject)
            .end(),
        ),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    await t.close();
  });
});

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = createWebDist();
    t = await buildTestApp({ webDistDir: dist });
  });
  afterAll(() => t.close());

  it('serves index.html for front-end routes, including unknown ones', async () => {
    for (const url of ['/', '/login/en/true', '/materias', '/una/ruta/que/no/existe?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it("names a signed-in page's start-up reads as preload links, and only a signed-in one's", async () => {
    const preloads = (body: string) =>
      [
        ...body.matchAll(
          /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g,
        ),
      ].map((match) => match[1]);
    const visitor = new TestClient(t.app);
    const signedOut = await visitor.get('/dashboard');
    expect(signedOut.statusCode).toBe(200);
    expect(preloads(signedOut.body)).toEqual([]);
    expect(signedOut.headers.vary).toContain('cookie');

    const email = 'preloads@example.com';
    await createStudent(t.db, { email });
    const student = new TestClient(t.app);
    await student.login(email, TEST_PASSWORD);

    const dashboard = await student.get('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['content-type']).toContain('text/html');
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(dashboard.headers.vary).toContain('cookie');
    expect(preloads(dashboard.body)).toContain('/api/me');
    expect(preloads(dashboard.body)).toContain('/api/dashboard');
    // Before the scripts, so the browser asks for them first; the page is otherwise the same.
    expect(dashboard.body.indexOf('rel="preload"')).toBeLessThan(dashboard.body.indexOf('<script'));
    // The render-blocking stylesheet stays first: the reads queue behind it, not it behind them.
    expect(dashboard.body.indexOf('rel="stylesheet"')).toBeLessThan(
      dashboard.body.indexOf('rel="preload"'),
    );
    expect(dashboard.body).toContain('<div id="root"></div>');

    const statistics = await student.get('/estadistica?subject_id=3&x=<b>');
    expect(preloads(statistics.body)).toContain('/api/themes-stats?subject_id=3');
    expect(statistics.body).not.toContain('<b>');
    const account = await student.get('/cuenta/editar');
    expect(preloads(account.body)).toContain('/api/invoices?page=1&amp;per_page=10');
    // A page whose reads the address does not tell, and a bad id: the page as it is built.
    expect(preloads((await student.get('/historial/ensayos')).body)).toEqual([]);
    expect(preloads((await student.get('/test/ensayo?id=1%22%3E')).body)).not.toContain(
      expect.stringContaining('/api/user-tests/'),
    );
  });

  it("names a signed-in page's script and style files after the entry's, and only a signed-in one's", async () => {
    const files = (body: string) =>
      [
        ...body.matchAll(
          /<link rel="(modulepreload|preload" as="style)" crossorigin href="([^"]+)">/g,
        ),
      ].map((match) => `${match[1] === 'modulepreload' ? 'script' : 'style'} ${match[2]}`);
    const visitor = new TestClient(t.app);
    expect(files((await visitor.get('/dashboard')).body)).toEqual([]);

    const email = 'page-files@example.com';
    await createStudent(t.db, { email });
    const student = new TestClient(t.app);
    await student.login(email, TEST_PASSWORD);
    const dashboard = (await student.get('/dashboard/')).body;
    expect(files(dashboard)).toEqual([
      'script /assets/dashboard-1.js',
      'style /assets/dashboard-2.css',
    ]);
    // After the entry's script, inside the head, with the reads still first.
    expect(dashboard.indexOf('dashboard-1.js')).toBeGreaterThan(dashboard.indexOf('<script'));
    expect(dashboard.indexOf('dashboard-2.css')).toBeLessThan(dashboard.indexOf('</head>'));
    expect(dashboard.indexOf('as="fetch"')).toBeLessThan(dashboard.indexOf('<script'));
    const subjects = (await student.get('/materias')).body;
    expect(files(subjects)).toEqual(['script /assets/subjects-1.js']);
    expect(files((await student.get('/historial/ensayos')).body)).toEqual([]);
  });

  it('serves hashed assets with a long cache and static files as they are', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.body).toBe('<svg/>');
  });

  it('never answers an API path with the web app, nor leaves the dist folder', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBeDefined();
    const traversal = await t.app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(traversal.body).not.toContain('root:');
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('rate limiting shared through Redis', () => {
  it('counts requests of two API instances together', async () => {
    const redisUrl = process.env.TEST_REDIS_URL!;
    const first = await buildTestApp({ rateLimitMax: 4, redisUrl });
    const second = await buildTestApp({ rateLimitMax: 4, redisUrl });
    try {
      // A unique client address per run keeps counters of earlier runs out of the way.
      const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
      const hit = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/me', remoteAddress });
      const statuses = [];
      for (const t of [first, second, first, second, first])
        statuses.push((await hit(t)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
