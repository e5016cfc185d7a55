import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { seedDatabase } from '../seed/index.ts';
import type { Access } from '../plugins/access.ts';
import { createBank, grantAccess, type TestBank } from '../test/bank-factory.ts';
import { TestClient } from '../test/build-test-app.ts';
import {
  createAddress,
  createAdmin,
  createStudent,
  image,
  multipartFile,
  multipartForm,
  TEST_PASSWORD,
} from '../test/factories.ts';
import {
  BAD_ID_TEXTS,
  invalidVariants,
  operationsOf,
  requestArb,
  urlOf,
  type FuzzRequest,
  type KnownIds,
  type Operation,
} from '../test/fuzz-requests.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';
import { questionFileText } from '../test/question-files.ts';

/**
 * The fuzz suite: every operation of the OpenAPI document (built from the routes' zod schemas,
 * so a new route is fuzzed without editing this file) gets requests generated from its schema
 * with fast-check (fixed seed), sent as the caller the route declares (a guest, a signed-in
 * student with a subscription, an administrator), with the CSRF header.
 *
 * - Valid-looking requests may get any answer but a 500.
 * - Requests made invalid on purpose (NUL characters, ids that are out of range or not
 *   canonical, wrong types, missing fields, unknown values, bodies that are `null`, a string or an
 *   array) must get a 4xx: never a 2xx, never a 500.
 *
 * Routes left out of the document (dev tools, the sandbox card page) and the multipart routes
 * have cases written here; a route in neither fails the suite. As an administrator the suite
 * changes shared rows (standard tests, settings), so it runs on a database of its own: an
 * in-memory PGlite, or with TEST_DATABASE_URL a PostgreSQL database made and dropped here.
 */

const SEED = 20_260_512;
/** Valid-looking requests per operation. */
const VALID_RUNS = 10;
/** Invalid requests per operation at most (drawn from every mutation that applies). */
const INVALID_RUNS = 18;

type Caller = 'guest' | 'student' | 'admin';
const CALLER: Record<Access, Caller> = {
  public: 'guest',
  user: 'student',
  admin: 'admin',
  dev: 'admin',
};

type Sent = {
  caller: Caller;
  label: string;
  method: string;
  url: string;
  body?: string;
};
type Outcome = Sent & { status: number; response: string };

let database: Database;
let dropDatabase = async () => {};
let app: FastifyInstance;
let bank: TestBank;
const clients = {} as Record<Caller, TestClient>;
let requestCount = 0;
/** Ids of rows that exist, by resource: generated ids are mostly these, to get past the 404s. */
const knownIds: KnownIds = {
  'standard-tests': [1, 2],
  countries: [152],
  states: [13],
  cities: [131],
  towns: [13123],
};
function know(resource: string, ...ids: number[]) {
  knownIds[resource] = [...new Set([...(knownIds[resource] ?? []), ...ids])];
}
const outcomes: Array<Outcome & { expect: 'no 500' | '4xx'; operation: string }> = [];

/** The database the suite may trash: PostgreSQL of its own on a PostgreSQL run, else PGlite. */
async function ownDatabase() {
  const serverUrl = inject('databaseUrl') ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const own = await createDatabase({});
    await own.migrate();
    await seedDatabase(own.db, { demo: false });
    return { own, databaseUrl: undefined, drop: async () => {} };
  }
  const scratch = await createScratchDatabase(serverUrl, 'ensaya_fuzz');
  const own = await createDatabase({ databaseUrl: scratch.url });
  await own.migrate();
  await seedDatabase(own.db, { demo: false });
  return { own, databaseUrl: scratch.url, drop: scratch.drop };
}

async function signIn(caller: Caller): Promise<TestClient> {
  const client = new TestClient(app);
  if (caller === 'admin') {
    await client.login((await createAdmin(database.db)).email, TEST_PASSWORD);
  } else if (caller === 'student') {
    const student = await createStudent(database.db);
    const address = await createAddress(database.db, student.id);
    const subscription = await grantAccess(database.db, student.id, bank.subject.id);
    await client.login(student.email, TEST_PASSWORD);
    // An attempt of the student's own, so that /api/user-tests/{id} finds something.
    const attempt = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
    know('users', student.id);
    know('me', student.id);
    know('addresses', address.id);
    know('user-subscriptions', subscription.id);
    know('packages', subscription.packageId);
    if (attempt.statusCode === 201) {
      know('user-tests', attempt.json().data.id);
      know('source-user-tests', attempt.json().data.id);
    }
  }
  return client;
}

/** A fresh address per request, so per-address limits (login, registration) rarely answer. */
function nextAddress() {
  requestCount += 1;
  return `10.${100 + ((requestCount >> 16) & 127)}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
}

async function send(
  sent: Sent,
  options: { payload?: string | Buffer; headers?: Record<string, string> },
): Promise<Outcome> {
  const response = await clients[sent.caller].request({
    method: sent.method as 'GET',
    url: sent.url,
    payload: options.payload,
    headers: options.headers,
    remoteAddress: nextAddress(),
  });
  // A request that ended the caller's session (an e-mail change, a password change...): sign in
  // again, so that later requests are not all refused at the door.
  if (response.statusCode === 401 && sent.caller !== 'guest')
    clients[sent.caller] = await signIn(sent.caller);
  return { ...sent, status: response.statusCode, response: response.body.slice(0, 300) };
}

function jsonPayload(request: FuzzRequest) {
  if (request.rawBody !== undefined)
    return { payload: request.rawBody, headers: { 'content-type': 'application/json' } };
  if (request.body === undefined) return {};
  return { payload: JSON.stringify(request.body), headers: { 'content-type': 'application/json' } };
}

async function fuzzOperation(operation: Operation, index: number, access: Map<string, Access>) {
  const name = `${operation.method} ${operation.path}`;
  const caller = CALLER[access.get(`${operation.method} ${fastifyPath(operation.path)}`) ?? 'user'];
  const valid = fc.sample(requestArb(operation, knownIds), {
    seed: SEED + index,
    numRuns: VALID_RUNS,
  });
  for (const request of valid) {
    const { payload, headers } = jsonPayload(request);
    const sent = {
      caller,
      label: 'valid',
      method: operation.method,
      url: urlOf(operation, request),
    };
    const outcome = await send({ ...sent, body: payload }, { payload, headers });
    outcomes.push({ ...outcome, expect: 'no 500', operation: name });
  }
  const variants = valid.flatMap((request) => invalidVariants(operation, request));
  // One request per kind of mutation first (the first request it applied to), then a seeded pick.
  const byMutation = new Map(variants.map((variant) => [variant.mutation, variant]));
  const distinct = [...byMutation.values()];
  const [chosen] = fc.sample(
    fc.shuffledSubarray(distinct, {
      minLength: Math.min(INVALID_RUNS, distinct.length),
      maxLength: Math.min(INVALID_RUNS, distinct.length),
    }),
    { seed: SEED + index, numRuns: 1 },
  );
  for (const request of chosen ?? []) {
    const { payload, headers } = jsonPayload(request);
    const sent = {
      caller,
      label: request.mutation,
      method: operation.method,
      url: urlOf(operation, request),
      body: payload,
    };
    const outcome = await send(sent, { payload, headers });
    outcomes.push({ ...outcome, expect: '4xx', operation: name });
  }
}

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

// --- Cases for routes outside the document and multipart routes -------------------------------

type Case = { label: string; expect: 'no 500' | '4xx'; url: string; body?: unknown; raw?: string };

/** Hand-written cases for the routes the OpenAPI document leaves out (`hide: true`). */
function hiddenRouteCases(): Record<string, Case[]> {
  const badIds = BAD_ID_TEXTS.filter((text) => text !== '').map((text) => ({
    label: `bad id ${JSON.stringify(text)}`,
    expect: '4xx' as const,
    url: `/dev/mail/${encodeURIComponent(text)}`,
  }));
  const notObjects = ['null', '"text"', '42', '[]'].map((raw) => ({
    label: `body ${raw}`,
    expect: '4xx' as const,
    url: '',
    raw,
  }));
  return {
    // The content key is the signed path itself (documented, but as a wildcard the document
    // names `{*}`): forged, truncated and hostile keys.
    'GET /api/content/*': [
      { label: 'forged key', expect: '4xx', url: '/api/content/1-1k~5~AAAAAAAAAAAAAAAAAAAAAA' },
      { label: 'no signature', expect: '4xx', url: '/api/content/1-1k~5' },
      { label: 'empty key', expect: '4xx', url: '/api/content/' },
      { label: 'NUL in key', expect: '4xx', url: '/api/content/1%00~1~x' },
      { label: 'huge range', expect: '4xx', url: '/api/content/0-zzzzzzzzzz~1~x' },
      { label: 'long key', expect: '4xx', url: `/api/content/${'1.'.repeat(9000)}~1~x` },
    ],
    'GET /dev/mail': [{ label: 'valid', expect: 'no 500', url: '/dev/mail' }],
    'GET /dev/mail.json': [
      { label: 'valid', expect: 'no 500', url: '/dev/mail.json?to=a%40b.cl' },
      { label: 'NUL in query.to', expect: '4xx', url: '/dev/mail.json?to=a%00b' },
    ],
    'GET /dev/mail/:id': [
      { label: 'valid', expect: 'no 500', url: '/dev/mail/1' },
      { label: 'NUL in params.id', expect: '4xx', url: '/dev/mail/1%00' },
      ...badIds,
    ],
    'GET /sandbox-gateway/enroll': [
      { label: 'valid', expect: 'no 500', url: '/sandbox-gateway/enroll?token=abc' },
      { label: 'NUL in query.token', expect: '4xx', url: '/sandbox-gateway/enroll?token=a%00' },
    ],
    'POST /sandbox-gateway/enroll': [
      {
        label: 'valid',
        expect: 'no 500',
        url: '/sandbox-gateway/enroll',
        body: { token: 'abc', card_number: '4111 1111 1111 1111' },
      },
      {
        label: 'NUL in body.token',
        expect: '4xx',
        url: '/sandbox-gateway/enroll',
        body: { token: 'a\0', card_number: '4111111111111111' },
      },
      ...notObjects.map((item) => ({ ...item, url: '/sandbox-gateway/enroll' })),
    ],
    'GET /payments/transbank/redirect': [
      {
        label: 'valid',
        expect: 'no 500',
        url: '/payments/transbank/redirect?url=https%3A%2F%2Fx.cl&token=t',
      },
      {
        label: 'NUL in query.url',
        expect: '4xx',
        url: '/payments/transbank/redirect?url=a%00&token=t',
      },
    ],
    'GET /payments/transbank/redirect.js': [
      { label: 'valid', expect: 'no 500', url: '/payments/transbank/redirect.js' },
    ],
    'GET /api/dev/clock': [{ label: 'valid', expect: 'no 500', url: '/api/dev/clock' }],
    'POST /api/dev/clock': [
      { label: 'valid', expect: 'no 500', url: '/api/dev/clock', body: { advance_seconds: 1 } },
      { label: 'wrong type', expect: '4xx', url: '/api/dev/clock', body: { advance_days: 'x' } },
      { label: 'fraction', expect: '4xx', url: '/api/dev/clock', body: { advance_seconds: 1.5 } },
      { label: 'out of range', expect: '4xx', url: '/api/dev/clock', body: { advance_days: 1e9 } },
      ...notObjects.map((item) => ({ ...item, url: '/api/dev/clock' })),
    ],
    'POST /api/dev/jobs/run': [{ label: 'valid', expect: 'no 500', url: '/api/dev/jobs/run' }],
  };
}

const ENTITY_FILES = [
  '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]><quiz><question type="multichoice"><questiontext><text>&x;</text></questiontext></question></quiz>',
  '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><quiz>&lol2;</quiz>',
  '<!doctype quiz><quiz></quiz>',
];

async function fuzzMultipart() {
  const themeId = bank.themes[0]!.id;
  const subjectId = bank.subject.id;
  const files = fc.sample(questionFileText, { seed: SEED, numRuns: 60 });
  const formats = ['moodle', 'gift', 'json'];
  for (const [index, file] of files.entries()) {
    const url = index % 2 ? '/api/admin/import/preview' : '/api/admin/import';
    const fields = {
      format: formats[index % 3]!,
      subject_id: String(subjectId),
      theme_id: String(themeId),
    };
    const form = multipartForm(fields, { content: Buffer.from(file), name: 'bank.txt' });
    const sent = {
      caller: 'admin' as const,
      label: 'valid file',
      method: 'POST',
      url,
      body: file,
    };
    outcomes.push({ ...(await send(sent, form)), expect: 'no 500', operation: `POST ${url}` });
  }
  const invalid: Array<{ label: string; fields: Record<string, string>; file: string }> = [
    ...ENTITY_FILES.map((file) => ({
      label: 'DOCTYPE in a Moodle file',
      fields: { format: 'moodle' },
      file,
    })),
    { label: 'NUL in field format', fields: { format: 'gi\0ft' }, file: 'a {=b ~c}' },
    { label: 'NUL in a GIFT question', fields: { format: 'gift' }, file: 'a\0b {=b ~c}' },
    {
      label: 'NUL escaped in a JSON bank',
      fields: { format: 'json' },
      file: JSON.stringify({
        format: 'ensaya-bank',
        version: 1,
        subject: { name: 'x', description: null },
        themes: [],
        contexts: [],
        questions: [
          {
            theme: 'x',
            context: null,
            statement: 'a\0b',
            solution: '',
            is_multi_choice: false,
            url_source: null,
            is_active: true,
            choices: [
              { body: 'a', is_correct: true },
              { body: 'b', is_correct: false },
            ],
          },
        ],
      }),
    },
    ...BAD_ID_TEXTS.map((text) => ({
      label: `bad id ${JSON.stringify(text)} in field subject_id`,
      fields: { format: 'gift', subject_id: text },
      file: 'a {=b ~c}',
    })),
    ...BAD_ID_TEXTS.map((text) => ({
      label: `bad id ${JSON.stringify(text)} in field theme_id`,
      fields: { format: 'gift', theme_id: text },
      file: 'a {=b ~c}',
    })),
  ];
  for (const item of invalid) {
    for (const url of ['/api/admin/import/preview', '/api/admin/import']) {
      const fields = { subject_id: String(subjectId), theme_id: String(themeId), ...item.fields };
      const form = multipartForm(fields, { content: Buffer.from(item.file), name: 'bank.txt' });
      const sent = {
        caller: 'admin' as const,
        label: item.label,
        method: 'POST',
        url,
        body: `${JSON.stringify(fields)} ${item.file}`,
      };
      outcomes.push({ ...(await send(sent, form)), expect: '4xx', operation: `POST ${url}` });
    }
  }
  // The avatar: random bytes, a real image, a GIF, an empty file.
  const avatars = [
    ...fc.sample(fc.uint8Array({ maxLength: 200 }), { seed: SEED, numRuns: 8 }).map(Buffer.from),
    await image('png', 20, 20),
    await image('gif', 20, 20),
    Buffer.alloc(0),
  ];
  for (const content of avatars) {
    const form = multipartFile(content);
    const sent = {
      caller: 'student' as const,
      label: 'avatar',
      method: 'POST',
      url: '/api/profile-upload',
    };
    outcomes.push({
      ...(await send(sent, form)),
      expect: 'no 500',
      operation: 'POST /api/profile-upload',
    });
  }
}

async function fuzzHiddenRoutes(cases: Record<string, Case[]>) {
  for (const [route, list] of Object.entries(cases)) {
    const method = route.split(' ')[0]!;
    for (const item of list) {
      const payload = item.raw ?? (item.body === undefined ? undefined : JSON.stringify(item.body));
      const headers = payload === undefined ? undefined : { 'content-type': 'application/json' };
      const sent = {
        caller: 'admin' as const,
        label: item.label,
        method,
        url: item.url,
        body: payload,
      };
      outcomes.push({
        ...(await send(sent, { payload, headers })),
        expect: item.expect,
        operation: route,
      });
    }
  }
}

let operations: Operation[];
let uncovered: string[];
let elapsedMs = 0;

beforeAll(async () => {
  const started = Date.now();
  const { own, databaseUrl, drop } = await ownDatabase();
  database = own;
  dropDatabase = drop;
  const config = testConfig({
    databaseUrl,
    rateLimitMax: 1_000_000,
    loginRateLimitMax: 1_000_000,
  });
  app = await buildApp({ config, database });
  await app.ready();
  bank = await createBank(database.db);
  know('subjects', bank.subject.id);
  know('periods', bank.period.id);
  know('contexts', bank.context.id);
  know('themes', ...bank.themes.map((theme) => theme.id));
  const stems = bank.bank.slice(0, 6);
  know('stems', ...stems.map((stem) => stem.id));
  know('questions', ...stems.map((stem) => stem.id));
  know('stem-choices', ...stems.flatMap((stem) => stem.choiceIds));
  clients.guest = new TestClient(app);
  clients.student = await signIn('student');
  clients.admin = await signIn('admin');

  const document = (app as unknown as { swagger(): Parameters<typeof operationsOf>[0] }).swagger();
  operations = operationsOf(document);
  const routes = app.routeTable().filter((route) => route.method !== 'HEAD' && !route.isAsset);
  const access = new Map(routes.map((route) => [`${route.method} ${route.url}`, route.access!]));
  const documented = new Set(operations.map((op) => `${op.method} ${fastifyPath(op.path)}`));
  const hidden = hiddenRouteCases();
  uncovered = routes
    .map((route) => `${route.method} ${route.url}`)
    .filter((route) => !documented.has(route) && !(route in hidden));

  for (const [index, operation] of operations.entries())
    await fuzzOperation(operation, index, access);
  await fuzzMultipart();
  await fuzzHiddenRoutes(hidden);
  elapsedMs = Date.now() - started;
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
});

function show(outcome: Outcome & { operation: string }) {
  const body =
    outcome.body === undefined ? '' : ` body=${JSON.stringify(outcome.body.slice(0, 300))}`;
  return `[${outcome.label}] ${outcome.method} ${outcome.url}${body} as ${outcome.caller} -> ${outcome.status} ${outcome.response}`;
}

describe('the fuzz suite', () => {
  it('sends a few thousand requests covering every route, in bounded time', () => {
    expect(uncovered, 'routes neither in the OpenAPI document nor covered by hand').toEqual([]);
    expect(outcomes.length).toBeGreaterThan(2000);
    // Every documented operation got requests, and the callers stayed signed in: many answered 2xx.
    const answered = new Set(outcomes.map((outcome) => outcome.operation));
    for (const operation of operations)
      expect(answered.has(`${operation.method} ${operation.path}`)).toBe(true);
    const succeeded = new Set(
      outcomes.filter((outcome) => outcome.status < 300).map((outcome) => outcome.operation),
    );
    expect(succeeded.size).toBeGreaterThan(40);
    expect(elapsedMs).toBeLessThan(180_000);
  });

  it('never answers 500, whatever the input', () => {
    const failures = outcomes.filter((outcome) => outcome.status >= 500).map(show);
    expect(failures).toEqual([]);
  });

  it('refuses every invalid input with a 4xx', () => {
    const failures = outcomes
      .filter(
        (outcome) => outcome.expect === '4xx' && (outcome.status < 400 || outcome.status >= 500),
      )
      .map(show);
    expect(failures).toEqual([]);
  });
});
