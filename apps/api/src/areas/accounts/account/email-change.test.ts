import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { linkIn, mailsTo, verificationPath, type DevMail } from '../../../test/mailbox.ts';

// A new e-mail address needs the current password, waits until the link mailed
// to it is opened, the old address is told, and no older link (reset, verification, change) helps
// anyone skip that.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nueva#Clave2027';
const newAddress = () => `nuevo-${randomUUID()}@example.cl`;
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

async function signedIn(language: 'es' | 'en' = 'en') {
  const user = await createStudent(t.db, { language });
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const profile = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Camila',
  last_name: 'Rojas',
  email,
  ...overrides,
});

const changeEmail = (client: TestClient, email: string, password: string | undefined) =>
  client.request({
    method: 'PATCH',
    url: '/api/me',
    payload: profile(email, password === undefined ? {} : { current_password: password }),
  });

/** Asks for a reset of `email` and returns the mailed token. */
async function resetTokenFor(email: string): Promise<string> {
  const response = await new TestClient(t.app).post('/api/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const [mail] = await mailsTo(t.app, email);
  return new URL(linkIn(mail!.text, `${t.config.appUrl}/resetpassword?`)).searchParams.get(
    'token',
  )!;
}

const reset = (token: string, email: string) =>
  new TestClient(t.app, { language: 'en' }).post('/api/reset-password', {
    token,
    email,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });

/** The signed API path of the newest confirmation link mailed to `email`. */
async function confirmationPath(email: string): Promise<string> {
  const [mail] = await mailsTo(t.app, email);
  expect(mail!.subject).toMatch(/Confirm your new e-mail address|Confirma tu nuevo correo/);
  return verificationPath(mail!.text, t.config.appUrl);
}

const loginStatus = async (email: string, password = TEST_PASSWORD) =>
  (await new TestClient(t.app).post('/api/login', { email, password })).statusCode;

const subjects = (mails: DevMail[]) => mails.map((mail) => mail.subject);

describe('changing the e-mail address (PATCH /api/me)', () => {
  it('keeps the old address until the new one is confirmed, tells the old one, and voids its reset link', async () => {
    const { user, client } = await signedIn('en');
    const oldToken = await resetTokenFor(user.email);
    const taken = newAddress();

    const response = await changeEmail(client, taken, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      `Your data has been saved. We sent a link to ${taken} to confirm it; until you open it, you keep logging in with your current e-mail address.`,
    );
    expect(response.json().data).toMatchObject({ email: user.email, pending_email: taken });
    expect((await client.get('/api/me')).json().data.pending_email).toBe(taken);

    // The old address is told, naming the new one; the new one gets the link.
    const oldMails = await mailsTo(t.app, user.email);
    expect(oldMails[0]!.subject).toBe('You asked to change your Ensaya e-mail address');
    expect(oldMails[0]!.text).toContain(taken);
    expect(subjects(await mailsTo(t.app, taken))).toEqual([
      'Confirm your new e-mail address for Ensaya',
    ]);

    // The reset link mailed to the old address works neither for the new address nor the old.
    const before = await userRow(user.id);
    for (const email of [taken, user.email]) {
      const refused = await reset(oldToken, email);
      expect(refused.statusCode, email).toBe(422);
      expect(refused.json().errors).toEqual({
        token: ['This password reset link is invalid or has expired.'],
      });
    }
    // Nothing verified the new address: the account still has (and logs in with) the old one.
    expect(await userRow(user.id)).toEqual(before);
    expect(before).toMatchObject({ email: user.email, pendingEmail: taken });
    expect(await loginStatus(user.email)).toBe(200);
    expect(await loginStatus(taken)).toBe(422);
  });

  it('needs the current password: missing or wrong is a 422 in both languages and changes nothing', async () => {
    for (const language of ['en', 'es'] as const) {
      const { user, client } = await signedIn(language);
      const before = await userRow(user.id);
      const target = newAddress();
      const missing = await changeEmail(client, target, undefined);
      const wrong = await changeEmail(client, target, 'Wrong#2026x');
      expect([missing.statusCode, wrong.statusCode]).toEqual([422, 422]);
      expect(missing.json().errors).toEqual({
        current_password: [
          language === 'en'
            ? 'Enter your current password to change your e-mail address.'
            : 'Ingresa tu contraseña actual para cambiar tu correo electrónico.',
        ],
      });
      expect(wrong.json().errors).toEqual({
        current_password: [
          language === 'en'
            ? 'The current password is not correct.'
            : 'La contraseña actual no es correcta.',
        ],
      });
      expect(await userRow(user.id)).toEqual(before);
      expect(await mailsTo(t.app, target)).toHaveLength(0);
      expect(await mailsTo(t.app, user.email)).toHaveLength(0);
    }
  });

  it('asks for no password when the address stays', async () => {
    const { user, client } = await signedIn();
    const response = await changeEmail(client, user.email, undefined);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your data has been saved.');
  });

  it('allows 10 requests an hour per account (429), right password or not', async () => {
    const { user, client } = await signedIn();
    for (let i = 0; i < 10; i++) {
      expect((await changeEmail(client, newAddress(), 'Wrong#2026x')).statusCode).toBe(422);
    }
    const throttled = await changeEmail(client, newAddress(), TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect((await userRow(user.id)).pendingEmail).toBeNull();
  });
});

describe('the confirmation link (GET /api/email/change/{id}/{hash})', () => {
  it('makes the new address the account’s, verified, tells the old one; opening it twice is fine', async () => {
    const { user, client } = await signedIn('en');
    const target = newAddress();
    await changeEmail(client, target, TEST_PASSWORD);
    const path = await confirmationPath(target);
    expect(path).toMatch(new RegExp(`^/api/email/change/${user.id}/[0-9a-f]{64}\\?expires=`));

    const confirmed = await new TestClient(t.app, { language: 'en' }).get(path);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: `Your e-mail address is now ${target}. Use it to log in.`,
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ email: target, pendingEmail: null });
    expect(row.emailVerifiedAt!.getTime()).toBeGreaterThan(user.emailVerifiedAt!.getTime() - 1);
    expect((await mailsTo(t.app, user.email))[0]!.subject).toBe(
      'Your Ensaya e-mail address has changed',
    );
    expect(await loginStatus(target)).toBe(200);
    expect(await loginStatus(user.email)).toBe(422);
    // The session stays.
    expect((await client.get('/api/me')).json().data).toMatchObject({
      email: target,
      pending_email: null,
    });

    const again = await new TestClient(t.app, { language: 'es' }).get(path);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: `Tu correo electrónico ahora es ${target}. Úsalo para iniciar sesión.`,
    });
  });

  it('is refused (403, localized) when tampered with, and changes nothing', async () => {
    const { user, client } = await signedIn();
    const target = newAddress();
    await changeEmail(client, target, TEST_PASSWORD);
    const path = await confirmationPath(target);
    const url = new URL(path, 'http://x');
    const signature = url.searchParams.get('signature')!;
    const flipped = path.replace(
      signature,
      (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1),
    );
    const asVerification = path.replace('/api/email/change/', '/api/email/verify/');
    for (const [candidate, status] of [
      [flipped, 403],
      [path.replace(`/change/${user.id}/`, `/change/${user.id + 1}/`), 403],
      [asVerification, 403],
    ] as const) {
      const response = await new TestClient(t.app, { language: 'es' }).get(candidate);
      expect(response.statusCode, candidate).toBe(status);
    }
    const english = await new TestClient(t.app, { language: 'en' }).get(flipped);
    expect(english.json()).toEqual({
      message: 'This link to confirm your new e-mail address is invalid or has expired.',
    });
    expect(await userRow(user.id)).toMatchObject({ email: user.email, pendingEmail: target });
  });

  it('is void after a newer request, a cancel or a password reset', async () => {
    const { user, client } = await signedIn();
    const first = newAddress();
    await changeEmail(client, first, TEST_PASSWORD);
    const firstPath = await confirmationPath(first);

    const second = newAddress();
    await changeEmail(client, second, TEST_PASSWORD);
    expect((await new TestClient(t.app).get(firstPath)).statusCode).toBe(403);
    const secondPath = await confirmationPath(second);

    const cancel = await client.request({ method: 'DELETE', url: '/api/me/email-change' });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: 'The change of e-mail address has been canceled.',
      data: { email: user.email, pending_email: null },
    });
    expect((await new TestClient(t.app).get(secondPath)).statusCode).toBe(403);

    const third = newAddress();
    await changeEmail(client, third, TEST_PASSWORD);
    const thirdPath = await confirmationPath(third);
    // The owner, reading the notice, resets the password from the old address.
    const token = await resetTokenFor(user.email);
    expect((await reset(token, user.email)).statusCode).toBe(200);
    expect((await new TestClient(t.app).get(thirdPath)).statusCode).toBe(403);
    expect(await userRow(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
  });

  it('answers 409 (localized) when another account took the address meanwhile; the change is dropped', async () => {
    for (const language of ['es', 'en'] as const) {
      const { user, client } = await signedIn();
      const target = newAddress();
      await changeEmail(client, target, TEST_PASSWORD);
      const path = await confirmationPath(target);
      await createStudent(t.db, { email: target });

      const response = await new TestClient(t.app, { language }).get(path);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message:
          language === 'es'
            ? `Otra cuenta empezó a usar ${target} mientras tanto, así que tu correo electrónico no cambió.`
            : `Another account started using ${target} in the meantime, so your e-mail address did not change.`,
      });
      expect(await userRow(user.id)).toMatchObject({ email: user.email, pendingEmail: null });
      expect(await loginStatus(user.email)).toBe(200);
      // Nothing is left to confirm: the link is void now.
      expect((await new TestClient(t.app).get(path)).statusCode).toBe(403);
    }
  });
});

describe('resending and canceling', () => {
  it('mails the pending address its link again, 1 a minute (429)', async () => {
    const { client } = await signedIn('en');
    const target = newAddress();
    await changeEmail(client, target, TEST_PASSWORD);
    const resent = await client.post('/api/me/email-change/resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: `We sent another link to ${target}.` });
    expect(await mailsTo(t.app, target)).toHaveLength(2);
    // Both links work: the resend keeps the link version.
    expect((await new TestClient(t.app).get(await confirmationPath(target))).statusCode).toBe(200);

    const { client: other } = await signedIn('es');
    await changeEmail(other, newAddress(), TEST_PASSWORD);
    expect((await other.post('/api/me/email-change/resend')).statusCode).toBe(200);
    const again = await other.post('/api/me/email-change/resend');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({ message: 'Demasiados intentos.' });
  });

  it('answers 404 (localized) when no change is pending, and sends nothing', async () => {
    const { user, client } = await signedIn('es');
    const response = await client.post('/api/me/email-change/resend');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'No hay un cambio de correo electrónico esperando confirmación.',
    });
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
  });

  it('needs a session and the CSRF token', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.post('/api/me/email-change/resend')).statusCode).toBe(401);
    const { client } = await signedIn();
    const noCsrf = await client.request({
      method: 'DELETE',
      url: '/api/me/email-change',
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
  });
});
