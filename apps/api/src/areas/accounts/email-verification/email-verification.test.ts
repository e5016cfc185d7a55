import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createStudent,
  createUnverifiedStudent,
  registration,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { mailsTo, verificationPath } from '../../../test/mailbox.ts';
import { resolveAppKey } from '../../platform/app-key/service.ts';
import { MemoryCounterStore } from '../../../lib/throttle.ts';
import { createResendLimits, resendVerification, verificationUrl } from './service.ts';
import { signResendToken } from './signed-link.ts';

const APP_KEY = 'test-key-0123456789-0123456789-0123456789';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ appKey: APP_KEY });
});
afterAll(() => t.close());

const keys = () => ({ appKey: APP_KEY, appUrl: t.config.appUrl });
const pathOf = (url: string) => new URL(url).searchParams.get('url')!;
const isVerified = async (id: number) => {
  const [user] = await t.db.select().from(users).where(eq(users.id, id));
  return user!.emailVerifiedAt !== null;
};

async function registerAndReadLink(language: 'es' | 'en' = 'es') {
  const body = registration({ language });
  const response = await new TestClient(t.app).post('/api/register', body);
  expect(response.statusCode).toBe(201);
  const [mail] = await mailsTo(t.app, body.email);
  return {
    id: response.json().data.id as number,
    email: body.email,
    path: verificationPath(mail!.text, t.config.appUrl),
  };
}

describe('the verification link', () => {
  it('verifies the e-mail, after which login works', async () => {
    const { id, email, path } = await registerAndReadLink();
    const client = new TestClient(t.app, { language: 'en' });
    const refused = await client.post('/api/login', { email, password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(403);

    const verified = await client.get(path);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: 'Your e-mail address has been verified.' });
    expect(await isVerified(id)).toBe(true);

    // Opening it again is still a success (the mail may be opened twice).
    expect((await client.get(path)).statusCode).toBe(200);
    const login = await client.post('/api/login', { email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.email_verified_at).not.toBeNull();
  });

  it('signs its student in when the web page opens it the first time, and only then', async () => {
    const { id, email, path } = await registerAndReadLink();
    const client = new TestClient(t.app, { language: 'en' });
    const opened = await client.post(path, {});
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      message: 'Your e-mail address has been verified.',
      data: { id, email },
    });
    expect(await isVerified(id)).toBe(true);
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe(email);

    // Opened again, in this browser or another: verified, but nobody is signed in by it.
    const stranger = new TestClient(t.app, { language: 'en' });
    const again = await stranger.post(path, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your e-mail address has been verified.', data: null });
    expect((await stranger.get('/api/me')).statusCode).toBe(401);
  });

  it('signs in once when the page opens it twice at once', async () => {
    const { path } = await registerAndReadLink();
    const clients = [new TestClient(t.app), new TestClient(t.app), new TestClient(t.app)];
    const answers = await Promise.all(clients.map((client) => client.post(path, {})));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data !== null)).toHaveLength(1);
  });

  it('signs nobody in through the GET (mail scanners open links), nor without the CSRF token', async () => {
    const { id, path } = await registerAndReadLink();
    const noToken = new TestClient(t.app);
    expect((await noToken.post(path, {}, { csrf: false })).statusCode).toBe(419);
    expect(await isVerified(id)).toBe(false);

    const scanner = new TestClient(t.app);
    expect((await scanner.get(path)).statusCode).toBe(200);
    expect((await scanner.get('/api/me')).statusCode).toBe(401);
    // The GET verified the address first: the page's opening after it signs nobody in.
    const page = new TestClient(t.app);
    expect((await page.post(path, {})).json().data).toBeNull();
  });

  it('a tampered link signs nobody in', async () => {
    const { id, path } = await registerAndReadLink();
    const url = new URL(path, 'http://x');
    const signature = url.searchParams.get('signature')!;
    url.searchParams.set('signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    const client = new TestClient(t.app, { language: 'en' });
    const refused = await client.post(`${url.pathname}${url.search}`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Email verification failed!' });
    expect(await isVerified(id)).toBe(false);
    expect((await client.get('/api/me')).statusCode).toBe(401);
  });

  it('carries the package chosen at registration beside the signed path', async () => {
    const body = { ...registration(), package_id: 7 };
    expect((await new TestClient(t.app).post('/api/register', body)).statusCode).toBe(201);
    const [mail] = await mailsTo(t.app, body.email);
    const link = mail!.text.split(/\s+/).find((word) => word.includes('/verify-email?url='))!;
    expect(new URL(link).searchParams.get('package')).toBe('7');
    expect(new URL(link).searchParams.get('url')).toMatch(/^\/api\/email\/verify\//);
  });

  it('fails with "Email verification failed!" when any part is tampered with', async () => {
    const other = await createUnverifiedStudent(t.db);
    const { id, path } = await registerAndReadLink();
    const url = new URL(path, 'http://x');
    const [, , , , , hash] = url.pathname.split('/');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const tampered = [
      `/api/email/verify/${other.id}/${hash}?expires=${expires}&signature=${signature}`,
      `/api/email/verify/${id}/${'0'.repeat(64)}?expires=${expires}&signature=${signature}`,
      `/api/email/verify/${id}/${hash}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/email/verify/${id}/${hash}?expires=${expires}&signature=${flipped}`,
      `/api/email/verify/${id}/${hash}?expires=${expires}`,
      `/api/email/verify/${id}/${hash}?signature=${signature}`,
      `/api/email/verify/${id}/${hash}?expires=${expires}&signature=short`,
    ];
    for (const candidate of tampered) {
      const response = await new TestClient(t.app, { language: 'en' }).get(candidate);
      expect(response.statusCode, candidate).toBe(403);
      expect(response.json()).toEqual({ message: 'Email verification failed!' });
    }
    const spanish = await new TestClient(t.app, { language: 'es' }).get(tampered[3]!);
    expect(spanish.json()).toEqual({ message: '¡La verificación del correo falló!' });
    expect(await isVerified(id)).toBe(false);
    expect(await isVerified(other.id)).toBe(false);
    // The untampered link still works.
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(200);
  });

  it('expires after 60 minutes', async () => {
    const user = await createUnverifiedStudent(t.db);
    const sixtyOneMinutesAgo = new Date(Date.now() - 61 * 60_000);
    const expired = pathOf(verificationUrl(keys(), user, sixtyOneMinutesAgo));
    const response = await new TestClient(t.app, { language: 'en' }).get(expired);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Email verification failed!' });
    expect(await isVerified(user.id)).toBe(false);

    const fiftyNineMinutesAgo = new Date(Date.now() - 59 * 60_000);
    const live = pathOf(verificationUrl(keys(), user, fiftyNineMinutesAgo));
    expect((await new TestClient(t.app).get(live)).statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('is void once the account has another e-mail address', async () => {
    const user = await createUnverifiedStudent(t.db);
    const path = pathOf(verificationUrl(keys(), user, new Date()));
    await t.db
      .update(users)
      .set({ email: `changed-${user.email}` })
      .where(eq(users.id, user.id));
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(403);
    expect(await isVerified(user.id)).toBe(false);
  });

  it('is void once a newer link version was signed (an e-mail change voids mailed links)', async () => {
    const user = await createUnverifiedStudent(t.db);
    const path = pathOf(verificationUrl(keys(), user, new Date()));
    await t.db
      .update(users)
      .set({ emailLinkVersion: user.emailLinkVersion + 1 })
      .where(eq(users.id, user.id));
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(403);
    expect(await isVerified(user.id)).toBe(false);
  });

  it('is refused by an instance with another app key', async () => {
    const user = await createUnverifiedStudent(t.db);
    const signedElsewhere = pathOf(
      verificationUrl(
        { appKey: 'another-key-'.padEnd(40, 'x'), appUrl: 'http://x' },
        user,
        new Date(),
      ),
    );
    expect((await new TestClient(t.app).get(signedElsewhere)).statusCode).toBe(403);
  });
});

describe('the app key', () => {
  it('is made once and kept in settings when APP_KEY is unset, so every instance shares it', async () => {
    const first = await resolveAppKey(t.db, undefined);
    const second = await resolveAppKey(t.db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(await resolveAppKey(t.db, APP_KEY)).toBe(APP_KEY);

    // A second app on the same database without APP_KEY accepts the links the first one signs.
    const user = await createUnverifiedStudent(t.db);
    const path = pathOf(verificationUrl({ appKey: first, appUrl: 'http://x' }, user, new Date()));
    const other = await buildTestApp();
    try {
      if (t.config.databaseUrl) {
        expect((await new TestClient(other.app).get(path)).statusCode).toBe(200);
      } else {
        // Separate in-memory databases: the other app made a key of its own.
        expect(await resolveAppKey(other.db, undefined)).not.toBe(first);
      }
    } finally {
      await other.close();
    }
  });
});

describe('login of an unverified account', () => {
  it('is refused with 403, the verify message, the user id and a resend token, without a session', async () => {
    const user = await createUnverifiedStudent(t.db);
    for (const [language, message] of [
      [
        'en',
        'Your e-mail address is not verified yet. Open the link we sent you, or ask for a new one.',
      ],
      [
        'es',
        'Tu correo electrónico aún no está verificado. Abre el enlace que te enviamos o pide uno nuevo.',
      ],
    ] as const) {
      const client = new TestClient(t.app, { language });
      const response = await client.post('/api/login', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message,
        errors: { verify: [message] },
        user_id: user.id,
        resend_token: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
      });
      expect((await client.get('/api/me')).statusCode).toBe(401);
    }
  });

  it('still says the credentials are wrong when the password is', async () => {
    const user = await createUnverifiedStudent(t.db);
    const response = await new TestClient(t.app).post('/api/login', {
      email: user.email,
      password: 'Wrong#2026x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).not.toHaveProperty('user_id');
    expect(response.json()).not.toHaveProperty('resend_token');
  });
});

describe('GET /api/me/{id}/resend-verification', () => {
  const message = 'A new verification link has been sent to your e-mail address.';
  const tokenFor = (id: number, now = new Date()) => signResendToken(APP_KEY, id, now);
  /** `token` null: the call carries none. */
  const resend = (
    id: number,
    token: string | null = tokenFor(id),
    client = new TestClient(t.app, { language: 'en' }),
  ) =>
    client.get(
      `/api/me/${id}/resend-verification${token === null ? '' : `?token=${encodeURIComponent(token)}`}`,
    );
  const mailCount = (email: string) => t.db.$count(mailOutbox, eq(mailOutbox.toAddress, email));

  it('mails a new working link with the token the login answered', async () => {
    const user = await createUnverifiedStudent(t.db, { language: 'en' });
    const login = await new TestClient(t.app).post('/api/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const response = await resend(user.id, login.json().resend_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message });
    const [mail] = await mailsTo(t.app, user.email);
    expect(mail!.subject).toBe('Confirm your e-mail address for Ensaya');
    const path = verificationPath(mail!.text, t.config.appUrl);
    expect((await new TestClient(t.app).get(path)).statusCode).toBe(200);
    expect(await isVerified(user.id)).toBe(true);
  });

  it('works with the token the registration answered', async () => {
    const body = registration();
    const registered = await new TestClient(t.app).post('/api/register', body);
    const { id, resend_token } = registered.json().data;
    expect((await resend(id, resend_token)).statusCode).toBe(200);
    expect(await mailsTo(t.app, body.email)).toHaveLength(2);
  });

  it('sends nothing without the token, or with one for another id, forged or expired (403)', async () => {
    const user = await createUnverifiedStudent(t.db);
    const other = await createUnverifiedStudent(t.db);
    const valid = tokenFor(user.id);
    const [expires, signature] = valid.split('.') as [string, string];
    const thirtyOneMinutesAgo = new Date(Date.now() - 31 * 60_000);
    const refused: Array<string | null> = [
      null,
      '',
      tokenFor(other.id),
      `${Number(expires) + 3600}.${signature}`,
      `${expires}.${(signature[0] === 'a' ? 'b' : 'a') + signature.slice(1)}`,
      `${expires}.short`,
      signResendToken('another-key-'.padEnd(40, 'x'), user.id, new Date()),
      tokenFor(user.id, thirtyOneMinutesAgo),
    ];
    for (const token of refused) {
      const response = await resend(user.id, token);
      expect(response.statusCode, String(token)).toBe(403);
      expect(response.json()).toEqual({
        message:
          'This link to resend the e-mail is no longer valid. Log in again to ask for a new one.',
      });
    }
    const spanish = await resend(user.id, null, new TestClient(t.app, { language: 'es' }));
    expect(spanish.json()).toEqual({
      message:
        'Este enlace para reenviar el correo ya no sirve. Vuelve a iniciar sesión para pedir otro.',
    });
    expect(await mailCount(user.email)).toBe(0);
    // None of them used up the minute's allowance: the token still works.
    expect((await resend(user.id, valid)).statusCode).toBe(200);
    expect(await mailCount(user.email)).toBe(1);
    // A token 29 minutes old is still good (after the minute's wait, for another account).
    expect(
      (await resend(other.id, tokenFor(other.id, new Date(Date.now() - 29 * 60_000)))).statusCode,
    ).toBe(200);
  });

  it('answers the same for unknown ids and verified accounts, and mails nothing', async () => {
    const verified = await createStudent(t.db);
    const unknown = await resend(2_000_000_000);
    const already = await resend(verified.id);
    expect(unknown.statusCode).toBe(200);
    expect(already.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message });
    expect(already.json()).toEqual({ message });
    expect(await mailCount(verified.email)).toBe(0);
  });

  it('allows one a minute per account (429), from any address', async () => {
    const user = await createUnverifiedStudent(t.db);
    expect((await resend(user.id)).statusCode).toBe(200);
    for (const language of ['en', 'es'] as const) {
      const again = await resend(user.id, tokenFor(user.id), new TestClient(t.app, { language }));
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({
        message: language === 'en' ? 'Too many attempts.' : 'Demasiados intentos.',
      });
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await mailCount(user.email)).toBe(1);
    // Another account is not affected.
    const other = await createUnverifiedStudent(t.db);
    expect((await resend(other.id)).statusCode).toBe(200);
  });
});

describe('resend limits', () => {
  it('allow 5 an hour even when each waits out the minute', async () => {
    let now = Date.now();
    const limits = createResendLimits(new MemoryCounterStore(() => now));
    const user = await createUnverifiedStudent(t.db);
    const attempt = () =>
      resendVerification(
        t.db,
        keys(),
        limits,
        { userId: user.id, token: signResendToken(APP_KEY, user.id, new Date(now)) },
        new Date(now),
      );
    for (let i = 0; i < 5; i++) {
      await attempt();
      now += 61_000;
    }
    await expect(attempt()).rejects.toMatchObject({ statusCode: 429 });
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, user.email))).toBe(5);
    now += 60 * 60_000;
    await attempt();
    expect(await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, user.email))).toBe(6);
  });
});
