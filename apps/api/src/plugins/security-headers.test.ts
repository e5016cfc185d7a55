import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { createWebDist } from '../test/web-dist.ts';
import { registration } from '../test/factories.ts';
import {
  createPackage,
  createSubscription,
  signedInStudent,
} from '../test/subscription-fixtures.ts';

type Headers = Record<string, string | string[] | number | undefined>;

/** The policy as a map from directive to its sources. */
function policyOf(headers: Headers) {
  const header = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Every header the issue asks for, as every response must carry them. */
function expectSecurityHeaders(headers: Headers, what: string) {
  const policy = policyOf(headers);
  expect(policy['script-src'], what).toEqual(["'self'"]);
  expect(policy['default-src'], what).toEqual(["'self'"]);
  expect(policy['style-src'], what).toEqual(["'self'", "'unsafe-inline'"]);
  expect(policy['font-src'], what).toContain("'self'");
  expect(policy['img-src'], what).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(policy['connect-src'], what).toEqual(["'self'"]);
  expect(policy['frame-ancestors'], what).toEqual(["'none'"]);
  expect(policy['base-uri'], what).toEqual(["'self'"]);
  expect(policy['object-src'], what).toEqual(["'none'"]);
  expect(policy['form-action'], what).toContain("'self'");
  expect(headers['permissions-policy'], what).toMatch(/camera=\(\).*geolocation=\(\)/);
  expect(headers['permissions-policy'], what).toMatch(/microphone=\(\).*payment=\(\)/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

/** No script in the page itself: neither an inline `<script>` nor an event-handler attribute. */
function expectNoInlineScript(html: string) {
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = createWebDist();
    t = await buildTestApp({ webDistDir: dist, sandboxGatewaySecret: 's'.repeat(32) });
  });
  afterAll(() => t.close());

  it('are on API answers, the web app, its assets and a 404', async () => {
    for (const url of [
      '/api/health',
      '/api/csrf-cookie',
      '/',
      '/materias',
      '/assets/app-abc123.js',
      '/api/no-such-route',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(response.headers, url);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      headers: { 'x-localization': 'en' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'The address /api/no-such-route does not exist.' });
  });

  it('let forms post to the public address and to Transbank only, and add no HSTS outside production', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(policyOf(response.headers)['form-action']).toEqual([
      "'self'",
      new URL(t.config.appUrl).origin,
      'https://webpay3gint.transbank.cl',
    ]);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each([
    ['/%zz', 'es', 'La dirección no es válida.'],
    ['/api/states/%zz', 'en', 'The address is not valid.'],
    ['/api/%E0%A4%A', 'en', 'The address is not valid.'],
  ])(
    'answer a malformed URL (%s) with 400, the { message } shape and the same headers',
    async (url, language, message) => {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': language === 'en' ? 'en-US,en;q=0.9' : 'es-CL' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(response.headers['content-language']).toBe(language);
      expect(response.headers['x-request-id']).toBeTruthy();
      expectSecurityHeaders(response.headers, url);
    },
  );

  it('answer a body of an unsupported type with 415, the { message } shape and the same headers', async () => {
    const client = new TestClient(t.app, { language: 'en' });
    const response = await client.post('/api/login', '<login/>', {
      headers: { 'content-type': 'text/xml' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Unsupported content type.' });
    expectSecurityHeaders(response.headers, 'text/xml');
  });

  it('answer a request Node cannot parse with 400, the { message } shape and the same headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n');
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    const [statusLine, ...lines] = head.split('\r\n');
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    expectSecurityHeaders(headers, 'unparsable request');
    expect(JSON.parse(body)).toEqual({ message: 'Solicitud incorrecta.' });
  });

  it('are on the pages the server renders, which hold no inline script', async () => {
    // The sandbox gateway's card page.
    const { pack, subjectIds } = await createPackage(t.db, { trialPeriodDays: 0 });
    const { client } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const link = await client.post('/api/user-subscriptions-increase', { id: sub.id });
    expect(link.statusCode, link.body).toBe(200);
    const cardPage = new URL(link.json().data[1]);
    // The Transbank page that posts the token to Webpay, and its script as a file.
    const webpay = encodeURIComponent('https://webpay3gint.transbank.cl/webpayserver/init');
    // The dev mailbox, with one message in it.
    const visitor = new TestClient(t.app);
    expect((await visitor.post('/api/register', registration())).statusCode).toBe(201);
    const mail = await t.app.inject({ method: 'GET', url: '/dev/mail.json' });
    const mailId = mail.json().data[0].id as number;

    for (const url of [
      cardPage.pathname + cardPage.search,
      `/payments/transbank/redirect?url=${webpay}&token=tbk-1`,
      '/dev/mail',
      `/dev/mail/${mailId}`,
    ]) {
      // From this machine, as the dev mailbox wants.
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expectSecurityHeaders(page.headers, url);
      expectNoInlineScript(page.body);
    }

    const redirect = await client.get(`/payments/transbank/redirect?url=${webpay}&token=tbk-1`);
    expect(redirect.body).toContain('<script src="/payments/transbank/redirect.js" defer>');
    const script = await client.get('/payments/transbank/redirect.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('document.forms[0].submit()');
  });

  it('are on the OpenAPI page and its files', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(response.headers, url);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expectNoInlineScript(page.body);
  });
});

describe('security headers in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: 'production', openApiDocs: false });
  });
  afterAll(() => t.close());

  it('add HSTS to every answer, malformed URLs included', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/%zz']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expectSecurityHeaders(response.headers, url);
    }
  });
});
