import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/client.ts';
import { seedDatabase } from '../seed/index.ts';
import { createStudent } from '../test/factories.ts';
import { safeMessage, serializeError, withoutQueryValues } from './logger.ts';

// The whole app at level info, its log lines captured, on the run's database.
let app: FastifyInstance;
let database: Database;
const lines: string[] = [];
beforeAll(async () => {
  const databaseUrl = inject('databaseUrl') || undefined;
  database = await createDatabase({ databaseUrl });
  if (!databaseUrl) {
    await database.migrate();
    await seedDatabase(database.db, { demo: false });
  }
  app = await buildApp({
    config: testConfig({ databaseUrl, logLevel: 'info' }),
    database,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  // A handler whose query fails with a password hash, an e-mail, a phone and a Rut among its
  // parameters (a second account with a taken e-mail), and which logs its request's headers.
  app.post(
    '/api/test/failing-query',
    { config: { access: 'public', csrf: false } },
    async (request) => {
      const { email } = request.body as { email: string };
      request.log.info(
        { headers: request.headers },
        'the headers, as a careless handler logs them',
      );
      await createStudent(database.db, { email, phone: '56987654321', taxId: '12345678-5' });
      return { ok: true };
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('log lines', () => {
  it('show a failed query without its values, and no cookie, token or e-mail', async () => {
    const email = `logged-${randomUUID()}@example.cl`;
    const existing = await createStudent(database.db, { email });
    const secrets = {
      hash: existing.passwordHash,
      email,
      phone: '56987654321',
      rut: '12345678-5',
      session: `session-${randomUUID()}`,
      xsrf: `xsrf-${randomUUID()}`,
      bearer: `bearer-${randomUUID()}`,
    };
    lines.length = 0;
    const response = await app.inject({
      method: 'POST',
      url: `/api/test/failing-query?email=${encodeURIComponent(email)}&token=${secrets.xsrf}`,
      headers: {
        cookie: `ensaya_session=${secrets.session}; XSRF-TOKEN=${secrets.xsrf}`,
        'x-xsrf-token': secrets.xsrf,
        authorization: `Bearer ${secrets.bearer}`,
      },
      payload: { email },
    });
    expect(response.statusCode).toBe(500);

    const log = lines.join('');
    const entries = lines.map((line) => JSON.parse(line));
    // The failure is logged, with what helps: the query, the constraint, the stack.
    const failure = entries.find((entry) => entry.msg === 'unhandled error');
    expect(failure.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'users_email_unique',
    });
    expect(failure.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(failure.err.stack).toContain('caused by: ');
    expect(entries.find((entry) => entry.msg === 'incoming request').req.url).toBe(
      '/api/test/failing-query?email=[redacted]&token=[redacted]',
    );
    const headers = entries.find((entry) => entry.headers).headers;
    expect(headers).toMatchObject({
      cookie: '[redacted]',
      'x-xsrf-token': '[redacted]',
      authorization: '[redacted]',
    });
    for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('@example.cl');
  });

  it("show a content key's route, never the key", async () => {
    const key = `_3.5u~25~rs.c.tro8w0~${randomUUID().replaceAll('-', '').slice(0, 22)}`;
    lines.length = 0;
    // Signed out (401) or not, the request is logged as it comes in.
    await app.inject({ method: 'GET', url: `/api/content/${key}?x=1` });
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'incoming request');
    expect(entry.req.url).toBe('/api/content/*');
    expect(lines.join('')).not.toContain(key);
    // Other routes keep their path (ids help; they are no secret).
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/user-tests/123' });
    const other = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'incoming request');
    expect(other.req.url).toBe('/api/user-tests/123');
  });

  it('show a response header that sets a cookie as redacted', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
    const cookie = String(response.headers['set-cookie']);
    app.log.info({ response: { headers: response.headers } }, 'a logged response');
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'a logged response');
    expect(entry.response.headers['set-cookie']).toBe('[redacted]');
    expect(lines.join('')).not.toContain(cookie.split(';')[0]!.split('=')[1]!);
  });
});

describe('serializeError', () => {
  it('keeps names and codes, and drops values and fields outside the allow-list', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "ana@x.cl"'), {
      code: '22P02',
      detail: 'Key (email)=(ana@x.cl) already exists.',
    });
    const error = Object.assign(
      new Error('Failed query: select 1\nparams: $argon2id$v=19$m=1$abc,ana@x.cl', { cause }),
      { params: ['$argon2id$v=19$m=1$abc'], rejected: ['ana@x.cl'], statusCode: 500 },
    );
    const logged = serializeError(error);
    expect(logged).toEqual({
      type: 'Error',
      message: 'Failed query: select 1: invalid input syntax for type integer: "[redacted]"',
      stack: expect.stringContaining('caused by: Error: invalid input syntax'),
      code: '22P02',
      statusCode: 500,
    });
    expect(JSON.stringify(logged)).not.toMatch(/ana@x\.cl|argon2/);
    expect(serializeError('failed for ana@x.cl')).toEqual({
      type: 'string',
      message: 'failed for [email]',
      stack: '',
    });
  });

  it('scrubs e-mails, hashes and Ruts from any message', () => {
    expect(safeMessage('550 <ana.perez+1@mail.example.cl>: rejected')).toBe(
      '550 <[email]>: rejected',
    );
    expect(safeMessage('hash $argon2id$v=19$m=19456,t=2,p=1$abc$def here')).toBe(
      'hash [hash] here',
    );
    expect(safeMessage('rut 12.345.678-5 and 9876543-K')).toBe('rut [rut] and [rut]');
  });

  it('keeps the path of a URL and the names of its query parameters', () => {
    expect(withoutQueryValues('/resetpassword?token=abc&email=a%40b.cl')).toBe(
      '/resetpassword?token=[redacted]&email=[redacted]',
    );
    expect(withoutQueryValues('/api/me')).toBe('/api/me');
  });
});
