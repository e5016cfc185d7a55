import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  addresses,
  scheduledExamParticipants,
  userSubscriptions,
  userTests,
} from '../db/schema/index.ts';
import type { Access, RouteEntry } from '../plugins/access.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createBank, grantAccess } from '../test/bank-factory.ts';
import { createAddress, createAdmin, createStudent, TEST_PASSWORD } from '../test/factories.ts';
import { createPackage, createSubscription } from '../test/subscription-fixtures.ts';

/**
 * The access suite: every route the app registers (read from Fastify's route table, so a new
 * route is covered without editing this file) is called anonymously, as a student, as an
 * administrator, from another machine and from this one, with the target in origin form
 * (`/api/...`) and in absolute form (`http://x/api/...`), and must meet the policy it declares.
 *
 * The guard is probed without running handlers: a hook placed after the guards answers 299 when
 * the request carries `x-access-probe`, so "let through" and "refused" (401, 403, 419) are told
 * apart on every route without side effects. Ownership (another student on the first student's
 * ids) is decided by the services, so that part runs the real handlers.
 */

const PROBE_HEADER = 'x-access-probe';
const PASSED = 299;
const LOOPBACK_OUTSIDER = '10.200.0.1';

type Caller = 'anonymous' | 'student' | 'admin';
type Expected = 'pass' | 401 | 403;

/** The declared policy, written out: what each caller meets, from another machine. */
const POLICY: Record<Access, Record<Caller, Expected>> = {
  public: { anonymous: 'pass', student: 'pass', admin: 'pass' },
  user: { anonymous: 401, student: 'pass', admin: 'pass' },
  admin: { anonymous: 401, student: 403, admin: 'pass' },
  dev: { anonymous: 401, student: 403, admin: 'pass' },
};

let t: TestApp;
let baseUrl: string;
let routes: RouteEntry[];
const clients = {} as Record<Caller, TestClient>;

beforeAll(async () => {
  t = await buildTestApp(
    { rateLimitMax: 100_000, loginRateLimitMax: 100_000 },
    {
      beforeReady(app: FastifyInstance) {
        // Registered after the sessions plugin, so it runs after the CSRF and access checks.
        app.addHook('preValidation', async (request, reply) => {
          if (request.headers[PROBE_HEADER] === '1')
            return reply.code(PASSED).send({ passed: true });
        });
      },
    },
  );
  routes = t.app.routeTable().filter((route) => route.method !== 'HEAD');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  clients.anonymous = new TestClient(t.app, { remoteAddress: LOOPBACK_OUTSIDER });
  clients.student = new TestClient(t.app, { remoteAddress: '10.200.0.2' });
  await clients.student.login((await createStudent(t.db)).email, TEST_PASSWORD);
  clients.admin = new TestClient(t.app, { remoteAddress: '10.200.0.3' });
  await clients.admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
}, 60_000);
afterAll(() => t.close());

/** A URL for a route pattern: every parameter 1, the wildcard a file name. */
function sampleUrl(url: string) {
  return url.replace(/:[A-Za-z_]+/g, '1').replace('*', 'x.txt');
}

const isMutating = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);
const label = (route: RouteEntry) => `${route.method} ${route.url}`;

function probe(client: TestClient, route: RouteEntry) {
  return client.request({
    method: route.method as 'GET',
    url: sampleUrl(route.url),
    headers: { [PROBE_HEADER]: '1' },
    payload: isMutating(route.method) ? {} : undefined,
  });
}

/** A raw HTTP request with the target exactly as given (absolute form), from this machine. */
function rawRequest(
  method: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ statusCode: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const options = { host: hostname, port, method, path: target, headers, agent: false };
    const request = httpRequest(options, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
    });
    request.on('error', (error) => reject(new Error(`${method} ${target}: ${error.message}`)));
    if (isMutating(method)) request.end('{}');
    else request.end();
  });
}

function absoluteHeaders(client: TestClient | undefined, method: string) {
  const headers: Record<string, string> = { [PROBE_HEADER]: '1' };
  if (isMutating(method)) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = '2';
  }
  if (client) {
    headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (client.csrfToken) headers['x-xsrf-token'] = client.csrfToken;
  }
  return headers;
}

function outcome(statusCode: number): Expected | number {
  return statusCode === PASSED ? 'pass' : statusCode;
}

describe('every route declares who may call it', () => {
  it('has a known access level on every route, HEAD the same as its GET', () => {
    expect(routes.length).toBeGreaterThan(80);
    const all = t.app.routeTable();
    for (const route of all) {
      expect(Object.keys(POLICY), label(route)).toContain(route.access);
      if (route.method === 'HEAD') {
        const get = all.find((other) => other.method === 'GET' && other.url === route.url);
        if (get) expect(get.access, label(route)).toBe(route.access);
      }
    }
  });

  it('refuses to start when a route declares nothing', async () => {
    const other = await buildTestApp(
      {},
      {
        ownDatabase: true,
        beforeReady(app) {
          app.get('/api/forgotten', async () => ({ open: true }));
        },
      },
    ).catch((error: unknown) => error);
    expect(String(other)).toContain('Routes without an access declaration: GET /api/forgotten');
  });

  it('keeps the back office, the engine and the account behind their levels', () => {
    const access = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.access;
    expect(access('POST', '/api/admin/promo-codes')).toBe('admin');
    expect(access('GET', '/api/admin/subjects/:id/export')).toBe('admin');
    expect(access('POST', '/api/user-tests/:id/stems')).toBe('user');
    expect(access('POST', '/api/user-subscriptions/set-status')).toBe('user');
    expect(access('GET', '/dev/mail.json')).toBe('dev');
    expect(access('POST', '/api/dev/clock')).toBe('dev');
    expect(access('POST', '/api/login')).toBe('public');
  });
});

describe('the guard follows the declaration, in origin form', () => {
  it('answers each caller as the policy says, on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of ['anonymous', 'student', 'admin'] as const) {
        const expected = POLICY[route.access!][caller];
        const response = await probe(clients[caller], route);
        if (outcome(response.statusCode) !== expected)
          failures.push(
            `${label(route)} as ${caller}: ${response.statusCode}, expected ${expected}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('asks every mutating route for the CSRF token, but the signed third-party callbacks', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => isMutating(entry.method))) {
      const response = await clients.admin.request({
        method: route.method as 'POST',
        url: sampleUrl(route.url),
        headers: { [PROBE_HEADER]: '1' },
        payload: {},
        csrf: false,
      });
      const expected = route.csrf ? 419 : PASSED;
      if (response.statusCode !== expected)
        failures.push(`${label(route)}: ${response.statusCode}, expected ${expected}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('lets only this machine and administrators use the dev tools', async () => {
    const devRoutes = routes.filter((route) => route.access === 'dev');
    expect(devRoutes.length).toBeGreaterThan(0);
    const local = new TestClient(t.app, { remoteAddress: '127.0.0.1' });
    for (const route of devRoutes) {
      expect((await probe(local, route)).statusCode, label(route)).toBe(PASSED);
      // A forwarded header does not make a stranger local (the proxy is not trusted here).
      const forwarded = await clients.anonymous.request({
        method: route.method as 'GET',
        url: sampleUrl(route.url),
        headers: { [PROBE_HEADER]: '1', 'x-forwarded-for': '127.0.0.1' },
        payload: isMutating(route.method) ? {} : undefined,
      });
      expect(forwarded.statusCode, label(route)).toBe(401);
    }
  });
});

describe('the guard follows the declaration, in absolute form', () => {
  it('refuses anonymous callers exactly as in origin form, on every route', async () => {
    // A guest session with its CSRF token, as a visitor's browser holds.
    const guest = new TestClient(t.app);
    await guest.get('/api/csrf-cookie');
    const failures: string[] = [];
    for (const route of routes) {
      for (const host of ['x', 'localhost']) {
        const target = `http://${host}${sampleUrl(route.url)}`;
        const response = await rawRequest(
          route.method,
          target,
          absoluteHeaders(guest, route.method),
        );
        // This request comes from the loopback address, where the dev tools answer.
        const expected = route.access === 'dev' ? 'pass' : POLICY[route.access!].anonymous;
        if (outcome(response.statusCode) !== expected)
          failures.push(`${route.method} ${target}: ${response.statusCode}, expected ${expected}`);
      }
      if (isMutating(route.method) && route.csrf) {
        const response = await rawRequest(
          route.method,
          `http://x${sampleUrl(route.url)}`,
          absoluteHeaders(undefined, route.method),
        );
        if (response.statusCode !== 419)
          failures.push(`${label(route)} absolute, no token: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('lets a student through only where the declaration does', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await rawRequest(
        route.method,
        `http://x${sampleUrl(route.url)}`,
        absoluteHeaders(clients.student, route.method),
      );
      const expected = route.access === 'dev' ? 'pass' : POLICY[route.access!].student;
      if (outcome(response.statusCode) !== expected)
        failures.push(`${label(route)}: ${response.statusCode}, expected ${expected}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('does not create a coupon anonymously (the audit case, handler running)', async () => {
    const response = await rawRequest('POST', 'http://x/api/admin/promo-codes', {
      'content-type': 'application/json',
      'content-length': '2',
    });
    expect(response.statusCode).toBe(419);
    const exported = await rawRequest('GET', 'http://x/api/admin/subjects/1/export', {});
    expect(exported.statusCode).toBe(401);
  });
});

/**
 * Routes whose parameters name the caller's own rows, with a request of another student on the
 * first student's ids. A `user` route with a parameter must be here or in SHARED_PARAMS.
 */
type Fixtures = {
  attemptId: number;
  subscriptionId: number;
  addressId: number;
  /** The first student's attempt's content key (a key is not a bearer token). */
  contentUrl: string;
  /** A scheduled ensayo of the first student's subject, which they joined. */
  scheduledExamId: number;
};
const OWNED: Record<string, (a: Fixtures) => { url: string; payload?: object }> = {
  'POST /api/addresses/:id': (a) => ({
    url: `/api/addresses/${a.addressId}`,
    payload: { address_line_1: 'Otra 1', town_id: 13123 },
  }),
  'GET /api/user-tests/:id': (a) => ({ url: `/api/user-tests/${a.attemptId}` }),
  'GET /api/content/*': (a) => ({ url: a.contentUrl }),
  'GET /api/user-tests/:id/themes': (a) => ({ url: `/api/user-tests/${a.attemptId}/themes` }),
  'POST /api/user-tests/:id/stems': (a) => ({
    url: `/api/user-tests/${a.attemptId}/stems`,
    payload: { stems: [{ position: 1, choices: [], mark: true, seq: 99 }] },
  }),
  'POST /api/user-tests/:id/submit': (a) => ({ url: `/api/user-tests/${a.attemptId}/submit` }),
  'GET /api/user-tests/:id/annotations': (a) => ({
    url: `/api/user-tests/${a.attemptId}/annotations`,
  }),
  'PUT /api/user-tests/:id/annotations': (a) => ({
    url: `/api/user-tests/${a.attemptId}/annotations`,
    payload: { seq: 5, strikes: [], highlights: [] },
  }),
  'POST /api/user-tests/:id/begin': (a) => ({ url: `/api/user-tests/${a.attemptId}/begin` }),
  'GET /api/user-tests/:id/result': (a) => ({ url: `/api/user-tests/${a.attemptId}/result` }),
  'GET /api/user-tests/:id/comparison': (a) => ({
    url: `/api/user-tests/${a.attemptId}/comparison`,
  }),
  'POST /api/user-tests/:id/leave': (a) => ({ url: `/api/user-tests/${a.attemptId}/leave` }),
  'DELETE /api/user-tests/:id': (a) => ({ url: `/api/user-tests/${a.attemptId}` }),
  'DELETE /api/user-tests': (a) => ({
    url: '/api/user-tests',
    payload: { user_test_ids: [a.attemptId] },
  }),
  'GET /api/user-subscriptions/:id': (a) => ({
    url: `/api/user-subscriptions/${a.subscriptionId}`,
  }),
  'POST /api/user-subscriptions/:id/change-package': (a) => ({
    url: `/api/user-subscriptions/${a.subscriptionId}/change-package`,
    payload: { package_id: 1, subject_ids: [1] },
  }),
  'POST /api/user-subscriptions/:id/verify-promo-code': (a) => ({
    url: `/api/user-subscriptions/${a.subscriptionId}/verify-promo-code`,
    payload: { code: 'X' },
  }),
  'POST /api/user-subscriptions/:id/subscribe': (a) => ({
    url: `/api/user-subscriptions/${a.subscriptionId}/subscribe`,
    payload: { code: '' },
  }),
  'POST /api/user-subscriptions/set-status-pending': (a) => ({
    url: '/api/user-subscriptions/set-status-pending',
    payload: { id: a.subscriptionId },
  }),
  'POST /api/user-subscriptions/set-status': (a) => ({
    url: '/api/user-subscriptions/set-status',
    payload: { id: a.subscriptionId, status: 'ACTIVE' },
  }),
  'POST /api/user-subscriptions/feedback': (a) => ({
    url: '/api/user-subscriptions/feedback',
    payload: { id: a.subscriptionId, feedback: {} },
  }),
  'POST /api/user-subscriptions-increase': (a) => ({
    url: '/api/user-subscriptions-increase',
    payload: { id: a.subscriptionId, isDiscount: false },
  }),
  'GET /api/user-subscriptions/:id/increase-checkout-link': (a) => ({
    url: `/api/user-subscriptions/${a.subscriptionId}/increase-checkout-link`,
  }),
  'GET /api/user-subscriptions/increase/:id': (a) => ({
    url: `/api/user-subscriptions/increase/${a.subscriptionId}`,
  }),
  // A scheduled ensayo is shown, joined and read only by the students of its subject.
  'GET /api/scheduled-exams/:id': (a) => ({ url: `/api/scheduled-exams/${a.scheduledExamId}` }),
  'POST /api/scheduled-exams/:id/join': (a) => ({
    url: `/api/scheduled-exams/${a.scheduledExamId}/join`,
  }),
  'GET /api/scheduled-exams/:id/sealed': (a) => ({
    url: `/api/scheduled-exams/${a.scheduledExamId}/sealed`,
  }),
  'POST /api/scheduled-exams/:id/key': (a) => ({
    url: `/api/scheduled-exams/${a.scheduledExamId}/key`,
  }),
  'GET /api/scheduled-exams/:id/content': (a) => ({
    url: `/api/scheduled-exams/${a.scheduledExamId}/content`,
  }),
  'GET /api/scheduled-exams/:id/results': (a) => ({
    url: `/api/scheduled-exams/${a.scheduledExamId}/results`,
  }),
};
/** `user` routes whose parameter is catalogue data (the answer is still the caller's own). */
const SHARED_PARAMS = new Set([
  'GET /api/subjects/:id/setup',
  'GET /api/periods/:id',
  'POST /api/subjects/:id/diagnostic/skip',
  'GET /api/subjects/:id/user-tests',
  'GET /api/packages/:id/user-subscriptions',
]);

describe('another student on the first student’s ids', () => {
  let a: Fixtures;
  let owner: { id: number; email: string };
  let other: TestClient;

  beforeAll(async () => {
    const bank = await createBank(t.db);
    const student = await createStudent(t.db);
    owner = student;
    await grantAccess(t.db, student.id, bank.subject.id);
    const address = await createAddress(t.db, student.id);
    const client = new TestClient(t.app);
    await client.login(student.email, TEST_PASSWORD);
    const started = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 1 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { pack, subjectIds } = await createPackage(t.db);
    const subscription = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const scheduled = await clients.admin.post('/api/admin/scheduled-exams', {
      title: 'Ensayo nacional',
      subject_id: bank.subject.id,
      starts_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      duration_minutes: 60,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const scheduledExamId = scheduled.json().data.id;
    expect((await client.post(`/api/scheduled-exams/${scheduledExamId}/join`)).statusCode).toBe(
      200,
    );
    a = {
      attemptId: started.json().data.id,
      subscriptionId: subscription.id,
      addressId: address.id,
      contentUrl: started.json().data.content_url,
      scheduledExamId,
    };
    expect(a.contentUrl).toMatch(/^\/api\/content\//);
    expect((await client.get(a.contentUrl)).statusCode).toBe(200);
    other = new TestClient(t.app);
    const otherStudent = await createStudent(t.db);
    await createAddress(t.db, otherStudent.id);
    await other.login(otherStudent.email, TEST_PASSWORD);
  }, 60_000);

  it('classifies every parameter of every student route', () => {
    const unclassified = routes
      .filter((route) => route.access === 'user' && route.hasParams)
      .map(label)
      .filter((key) => !(key in OWNED) && !SHARED_PARAMS.has(key));
    expect(unclassified).toEqual([]);
  });

  it('never lets another student read or change them', async () => {
    const failures: string[] = [];
    for (const [key, build] of Object.entries(OWNED)) {
      const method = key.split(' ')[0]!;
      expect(routes.map(label), key).toContain(key);
      const { url, payload } = build(a);
      const response = await other.request({ method: method as 'GET', url, payload });
      if (response.statusCode < 400 || response.statusCode >= 500)
        failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);

    const [attempt] = await t.db.select().from(userTests).where(eq(userTests.id, a.attemptId));
    expect(attempt?.status).toBe('in_progress');
    const [subscription] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, a.subscriptionId));
    expect(subscription?.status).toBe('Created');
    const [address] = await t.db.select().from(addresses).where(eq(addresses.id, a.addressId));
    expect(address?.addressLine1).toBe('Av. Providencia 1234');
    const joined = await t.db
      .select({ userId: scheduledExamParticipants.userId })
      .from(scheduledExamParticipants)
      .where(eq(scheduledExamParticipants.scheduledExamId, a.scheduledExamId));
    expect(joined).toEqual([{ userId: owner.id }]);
  }, 60_000);

  it('never shows the first student in another student’s own reads', async () => {
    const reads = routes.filter(
      (route) =>
        route.access === 'user' &&
        route.method === 'GET' &&
        (!route.hasParams || SHARED_PARAMS.has(label(route))),
    );
    for (const route of reads) {
      const response = await other.get(sampleUrl(route.url));
      expect(response.statusCode, label(route)).toBeLessThan(500);
      expect(response.body, label(route)).not.toContain(owner.email);
    }
  });
});
