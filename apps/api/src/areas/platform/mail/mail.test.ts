import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createStudent, registration, TEST_PASSWORD } from '../../../test/factories.ts';
import { loadConfig } from '../../../config.ts';
import { mailsTo } from '../../../test/mailbox.ts';
import { MAX_ATTEMPTS, retryDelayMs, startMailDispatcher } from './dispatcher.ts';
import { queueMail } from './service.ts';
import { escapeHtml, html } from './render.ts';
import { renderMail } from './templates.ts';

describe('mail templates', () => {
  it('escape whatever the data holds', () => {
    const name = '<script>alert("x")</script> & Co';
    const mail = renderMail(
      'verify-email',
      'en',
      { name, url: 'https://ensaya.cl/verify-email?url=a&b="c"', minutes: 60 },
      'https://ensaya.cl',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('href="https://ensaya.cl/verify-email?url=a&amp;b=&quot;c&quot;"');
    // The plain-text body is not HTML: it keeps the name as written.
    expect(mail.text).toContain(`Hi ${name},`);
    expect(html`<p>${'<b>'}${html`<i>ok</i>`}</p>`.value).toBe('<p>&lt;b&gt;<i>ok</i></p>');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('exist in Spanish and English, as HTML and plain text, with the link and its lifetime', () => {
    for (const template of ['verify-email', 'reset-password', 'confirm-email-change'] as const) {
      const url = 'https://ensaya.cl/x?token=abc';
      const es = renderMail(template, 'es', { name: 'Ana', url, minutes: 60 }, 'https://ensaya.cl');
      const en = renderMail(template, 'en', { name: 'Ana', url, minutes: 60 }, 'https://ensaya.cl');
      expect(es.subject).not.toBe(en.subject);
      for (const mail of [es, en]) {
        expect(mail.html).toMatch(/^<!doctype html>/);
        expect(mail.html).toContain(`href="${url.replace('&', '&amp;')}"`);
        expect(mail.text).toContain(url);
        expect(mail.text).toContain('60');
        expect(mail.text).not.toMatch(/<[a-z]/);
      }
      expect(es.html).toContain('lang="es"');
      expect(en.html).toContain('lang="en"');
      expect(es.text).toContain('Hola, Ana:');
      expect(en.text).toContain('Hi Ana,');
    }
  });

  it('tell the account’s address about a change of e-mail address, naming the new one (escaped)', () => {
    const data = { name: 'Ana', newEmail: 'nueva+<b>@example.cl', url: 'https://ensaya.cl/cuenta' };
    for (const template of ['email-change-requested', 'email-changed'] as const) {
      const es = renderMail(template, 'es', data, 'https://ensaya.cl');
      const en = renderMail(template, 'en', data, 'https://ensaya.cl');
      expect(es.subject).not.toBe(en.subject);
      for (const mail of [es, en]) {
        expect(mail.text).toContain('nueva+<b>@example.cl');
        expect(mail.html).toContain('nueva+&lt;b&gt;@example.cl');
        expect(mail.html).toContain('href="https://ensaya.cl/cuenta"');
      }
      expect(es.text).toContain('Hola, Ana:');
      expect(en.text).toContain('Hi Ana,');
    }
  });

  it('tell the owner of an address that someone tried to register with it, with both ways in', () => {
    const data = {
      name: 'Ana <i>',
      loginUrl: 'https://ensaya.cl/login',
      resetUrl: 'https://ensaya.cl/olvido',
    };
    const es = renderMail('registration-attempt', 'es', data, 'https://ensaya.cl');
    const en = renderMail('registration-attempt', 'en', data, 'https://ensaya.cl');
    expect(es.subject).toBe('Alguien intentó registrarse en Ensaya con tu correo');
    expect(en.subject).toBe('Someone tried to register on Ensaya with your e-mail address');
    for (const mail of [es, en]) {
      expect(mail.html).toContain('href="https://ensaya.cl/login"');
      expect(mail.html).toContain('href="https://ensaya.cl/olvido"');
      expect(mail.html).toContain('Ana &lt;i&gt;');
      expect(mail.text).toContain('https://ensaya.cl/login');
      expect(mail.text).toContain('https://ensaya.cl/olvido');
      expect(mail.text.replace('Ana <i>', '')).not.toMatch(/<[a-z]/);
    }
    expect(es.text).toContain('Iniciar sesión: https://ensaya.cl/login');
    expect(es.text).toContain('Restablecer mi contraseña: https://ensaya.cl/olvido');
    expect(en.text).toContain('Log in: https://ensaya.cl/login');
    expect(en.text).toContain('If it was not you, ignore this message');
  });
});

describe('the dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists every message newest first and shows each with working links', async () => {
    const to = `mailbox-${randomUUID()}@example.cl`;
    const { id } = await queueMail(t.db, {
      to,
      language: 'es',
      template: 'reset-password',
      data: {
        name: 'Ana <b>',
        url: `${t.config.appUrl}/resetpassword?token=t1&email=${to}`,
        minutes: 60,
      },
      appUrl: t.config.appUrl,
    });

    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(`<a href="/dev/mail/${id}">Restablece tu contraseña de Ensaya</a>`);
    expect(list.body).toContain(to);

    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="${t.config.appUrl}/resetpassword?token=t1&amp;email=${to}"`);
    expect(page.body).not.toContain('target="_blank"');
    expect(page.body).toContain('Ana &lt;b&gt;');
    expect(page.body).toContain('<pre>Hola, Ana &lt;b&gt;:');

    const json = await mailsTo(t.app, to.toUpperCase());
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ id, to, subject: 'Restablece tu contraseña de Ensaya' });
    expect(json[0]!.html).toContain('<!doctype html>');

    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/999999999' })).statusCode).toBe(
      404,
    );
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths).some((path) => path.startsWith('/dev'))).toBe(false);
    expect(document.paths).toHaveProperty('/api/register');
    expect(document.paths).toHaveProperty('/api/towns/{id}');
  });

  it('is not open to another machine: a stranger gets 401, a student 403', async () => {
    const stranger = new TestClient(t.app);
    const student = new TestClient(t.app);
    await student.login((await createStudent(t.db)).email, TEST_PASSWORD);
    for (const url of ['/dev/mail', '/dev/mail.json?to=x@y.cl', '/dev/mail/1']) {
      expect((await stranger.get(url)).statusCode, url).toBe(401);
      expect((await student.get(url)).statusCode, url).toBe(403);
    }
  });

  it('does not exist in production, not even for this machine', async () => {
    const { env, devClock, openApiDocs } = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'sandbox',
      APP_URL: 'https://ensaya.cl',
    });
    const production = await buildTestApp({ env, devClock, openApiDocs });
    try {
      for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/1']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Dev mailbox');
      }
      const routes = production.app.routeTable().map((route) => route.url);
      expect(routes.filter((url) => url.startsWith('/dev') || url.startsWith('/api/dev'))).toEqual(
        [],
      );
      expect(routes.some((url) => url.startsWith('/api/docs'))).toBe(false);
    } finally {
      await production.close();
    }
  });
});

/** A real SMTP server on a random port that keeps what it receives. */
async function startSmtpServer(options: { refuse?: boolean } = {}) {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse) return callback(new Error('Mailbox unavailable'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a received message's part of `type` (quoted-printable or base64). */
function mimePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) throw new Error(`no ${type} part`);
  const part = raw.slice(start);
  const headerEnd = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 4).split(/\r\n--/)[0]!;
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sending over SMTP', () => {
  it('delivers the verification mail in the user language and marks it sent', async () => {
    const smtp = await startSmtpServer();
    const t = await buildTestApp({ smtpUrl: smtp.url, mailFrom: 'Ensaya <no-reply@ensaya.cl>' });
    try {
      const english = registration({ language: 'en' });
      const spanish = registration({ language: 'es' });
      for (const body of [english, spanish]) {
        expect((await new TestClient(t.app).post('/api/register', body)).statusCode).toBe(201);
      }
      const receivedBy = (email: string) =>
        waitFor(() => smtp.received.find((mail) => mail.to.includes(email)));

      const en = await receivedBy(english.email);
      expect(en.raw).toMatch(/^From: Ensaya <no-reply@ensaya\.cl>/m);
      expect(en.raw).toMatch(/^Subject: Confirm your e-mail address for Ensaya/m);
      expect(en.raw).toMatch(/^Content-Language: en/m);
      const enText = mimePart(en.raw, 'text/plain');
      expect(enText).toContain('Hi Martina,');
      const link = enText
        .split(/\s/)
        .find((word) => word.startsWith(`${t.config.appUrl}/verify-email?url=`));
      expect(link).toBeDefined();
      const apiPath = new URL(link!).searchParams.get('url')!;
      expect(apiPath).toMatch(/^\/api\/email\/verify\/\d+\//);
      expect(mimePart(en.raw, 'text/html')).toContain('Verify my e-mail address');
      // The mailed link works.
      expect((await new TestClient(t.app).get(apiPath)).statusCode).toBe(200);

      const es = await receivedBy(spanish.email);
      expect(es.raw).toMatch(/^Content-Language: es/m);
      expect(mimePart(es.raw, 'text/plain')).toContain('Hola, Martina:');
      expect(mimePart(es.raw, 'text/html')).toContain('Verificar mi correo');

      const row = await waitFor(async () => {
        const [found] = await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, english.email));
        return found?.status === 'sent' ? found : undefined;
      });
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBe(1);

      // With SMTP the outbox is not on show.
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('retries with backoff when the server refuses, and gives up after the last attempt', async () => {
    const smtp = await startSmtpServer({ refuse: true });
    const t = await buildTestApp();
    const dispatcher = startMailDispatcher({
      db: t.db,
      smtpUrl: smtp.url,
      from: 'Ensaya <no-reply@ensaya.cl>',
      intervalMs: 60 * 60_000,
      log: t.app.log,
    });
    try {
      const to = `refused-${randomUUID()}@example.cl`;
      const { id } = await queueMail(t.db, {
        to,
        language: 'en',
        template: 'verify-email',
        data: { name: 'Ana', url: 'http://localhost/x', minutes: 60 },
        appUrl: 'http://localhost',
      });
      const row = async () =>
        (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

      const before = Date.now();
      await dispatcher.runOnce();
      const retried = await row();
      expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
      expect(retried.lastError).toMatch(/Mailbox unavailable/);
      expect(retried.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
        before + retryDelayMs(1) - 1000,
      );

      // Not due yet: the next run leaves it alone.
      await dispatcher.runOnce();
      expect((await row()).attempts).toBe(1);

      await t.db
        .update(mailOutbox)
        .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      await dispatcher.runOnce();
      expect(await row()).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      expect(smtp.received.some((mail) => mail.to.includes(to))).toBe(false);
    } finally {
      await dispatcher.stop();
      await t.close();
      await smtp.close();
    }
  });

  it('never sends a mail twice when two instances poll at once', async () => {
    const smtp = await startSmtpServer();
    const t = await buildTestApp();
    const start = () =>
      startMailDispatcher({
        db: t.db,
        smtpUrl: smtp.url,
        from: 'Ensaya <no-reply@ensaya.cl>',
        intervalMs: 60 * 60_000,
        log: t.app.log,
      });
    const [first, second] = [start(), start()];
    try {
      const to = `once-${randomUUID()}@example.cl`;
      for (let i = 0; i < 5; i++) {
        await queueMail(t.db, {
          to,
          language: 'es',
          template: 'verify-email',
          data: { name: `Ana ${i}`, url: 'http://localhost/x', minutes: 60 },
          appUrl: 'http://localhost',
        });
      }
      await Promise.all([first.runOnce(), second.runOnce()]);
      await Promise.all([first.runOnce(), second.runOnce()]);
      expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(5);
    } finally {
      await first.stop();
      await second.stop();
      await t.close();
      await smtp.close();
    }
  });
});
