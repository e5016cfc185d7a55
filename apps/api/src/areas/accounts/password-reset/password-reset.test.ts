import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createStudent, createUnverifiedStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { linkIn, mailsTo } from '../../../test/mailbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Nueva#Clave2027';

/** Asks for a reset and returns the token and e-mail of the mailed link. */
async function requestReset(email: string) {
  const response = await new TestClient(t.app).post('/api/forgot-password', { email });
  expect(response.statusCode).toBe(200);
  const [mail] = await mailsTo(t.app, email);
  const link = new URL(linkIn(mail!.text, `${t.config.appUrl}/resetpassword?`));
  return {
    token: link.searchParams.get('token')!,
    email: link.searchParams.get('email')!,
    mail: mail!,
  };
}

const resetBody = (token: string, email: string, overrides: Record<string, unknown> = {}) => ({
  token,
  email,
  password: NEW_PASSWORD,
  password_confirmation: NEW_PASSWORD,
  ...overrides,
});

async function passwordHashOf(id: number) {
  const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row!.hash;
}

describe('POST /api/forgot-password', () => {
  it('answers the same whether or not the e-mail has an account', async () => {
    const user = await createStudent(t.db);
    const known = await new TestClient(t.app, { language: 'en' }).post('/api/forgot-password', {
      email: user.email,
    });
    const unknown = await new TestClient(t.app, { language: 'en' }).post('/api/forgot-password', {
      email: `nobody-${randomUUID()}@example.cl`,
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({
      status:
        'If that e-mail address has an account, we have sent it a link to reset the password.',
    });
    expect(unknown.json()).toEqual(known.json());
  });

  it("mails a link in the user's language and stores only the token's hash", async () => {
    const user = await createStudent(t.db, { language: 'en' });
    const { token, email, mail } = await requestReset(user.email);
    expect(mail.subject).toBe('Reset your Ensaya password');
    expect(email).toBe(user.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const minutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(minutes).toBe(60);
  });

  it('refuses a malformed e-mail with 422 in the request language', async () => {
    for (const [language, message] of [
      ['en', 'Invalid format!'],
      ['es', '¡Formato inválido!'],
    ] as const) {
      const response = await new TestClient(t.app, { language }).post('/api/forgot-password', {
        email: 'no-at-sign',
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.email).toEqual([message]);
    }
  });

  it('is limited per address (429)', async () => {
    const client = new TestClient(t.app);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post('/api/forgot-password', { email: `x-${randomUUID()}@example.cl` }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/reset-password', () => {
  it("sets the new password, ends all the user's sessions and works only once", async () => {
    const user = await createStudent(t.db);
    const browser = new TestClient(t.app);
    await browser.login(user.email, TEST_PASSWORD);
    const { token, email } = await requestReset(user.email);

    const reset = await new TestClient(t.app, { language: 'en' }).post(
      '/api/reset-password',
      resetBody(token, email),
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset. You can now log in.' });
    expect((await browser.get('/api/me')).statusCode).toBe(401);

    const fresh = new TestClient(t.app);
    const oldPassword = await fresh.post('/api/login', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(422);
    await fresh.login(user.email, NEW_PASSWORD);

    const hashAfterReset = await passwordHashOf(user.id);
    const reused = await new TestClient(t.app, { language: 'en' }).post(
      '/api/reset-password',
      resetBody(token, email, {
        password: 'Otra#Clave2028',
        password_confirmation: 'Otra#Clave2028',
      }),
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      message: 'This password reset link is invalid or has expired.',
      errors: { token: ['This password reset link is invalid or has expired.'] },
    });
    expect(await passwordHashOf(user.id)).toBe(hashAfterReset);
  });

  it('verifies the e-mail of an unverified account (the link proved the address)', async () => {
    const user = await createUnverifiedStudent(t.db);
    const { token, email } = await requestReset(user.email);
    expect(
      (await new TestClient(t.app).post('/api/reset-password', resetBody(token, email))).statusCode,
    ).toBe(200);
    await new TestClient(t.app).login(user.email, NEW_PASSWORD);
  });

  it('works only for the address it was mailed to, while the account has it (never verifying another)', async () => {
    const user = await createUnverifiedStudent(t.db);
    const { token } = await requestReset(user.email);
    // The account's address changes after the link was mailed (as PATCH /api/me did before e-mail changes needed a confirmation).
    const otherAddress = `other-${randomUUID()}@example.cl`;
    await t.db.update(users).set({ email: otherAddress }).where(eq(users.id, user.id));
    const before = await passwordHashOf(user.id);
    for (const email of [otherAddress, user.email]) {
      const response = await new TestClient(t.app).post(
        '/api/reset-password',
        resetBody(token, email),
      );
      expect(response.statusCode, email).toBe(422);
      expect(response.json().errors).toHaveProperty('token');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    expect(await passwordHashOf(user.id)).toBe(before);
    // Back on the address the link went to, it works (and verifies that address).
    await t.db.update(users).set({ email: user.email }).where(eq(users.id, user.id));
    expect(
      (await new TestClient(t.app).post('/api/reset-password', resetBody(token, user.email)))
        .statusCode,
    ).toBe(200);
    await new TestClient(t.app).login(user.email, NEW_PASSWORD);
  });

  it('refuses an expired token, a token for another e-mail and an unknown token', async () => {
    const user = await createStudent(t.db);
    const other = await createStudent(t.db);
    const { token, email } = await requestReset(user.email);
    const before = await passwordHashOf(user.id);
    const otherBefore = await passwordHashOf(other.id);

    const attempts = [resetBody(token, other.email), resetBody('not-a-token-we-made', email)];
    for (const body of attempts) {
      const response = await new TestClient(t.app, { language: 'es' }).post(
        '/api/reset-password',
        body,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        token: ['Este enlace para restablecer la contraseña no es válido o ya venció.'],
      });
    }

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await new TestClient(t.app).post(
      '/api/reset-password',
      resetBody(token, email),
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toHaveProperty('token');
    expect(await passwordHashOf(user.id)).toBe(before);
    expect(await passwordHashOf(other.id)).toBe(otherBefore);
  });

  it('keeps only the latest link working', async () => {
    const user = await createStudent(t.db);
    const first = await requestReset(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(passwordResetTokens.userId, user.id));
    await new TestClient(t.app).post('/api/forgot-password', { email: user.email });
    const [latest] = await mailsTo(t.app, user.email);
    const second = new URL(
      linkIn(latest!.text, `${t.config.appUrl}/resetpassword?`),
    ).searchParams.get('token')!;
    expect(second).not.toBe(first.token);
    expect(
      (await new TestClient(t.app).post('/api/reset-password', resetBody(first.token, user.email)))
        .statusCode,
    ).toBe(422);
    expect(
      (await new TestClient(t.app).post('/api/reset-password', resetBody(second, user.email)))
        .statusCode,
    ).toBe(200);
  });

  it('sends one mail a minute per account however often it is asked', async () => {
    const user = await createStudent(t.db);
    await requestReset(user.email);
    await new TestClient(t.app).post('/api/forgot-password', { email: user.email });
    expect(await mailsTo(t.app, user.email)).toHaveLength(1);
  });

  const cases: Array<[string, Record<string, unknown>, { en: string; es: string }]> = [
    ['token', { token: '' }, { en: 'This field is required.', es: 'Este campo es obligatorio.' }],
    ['email', { email: 'ana@' }, { en: 'Invalid format!', es: '¡Formato inválido!' }],
    [
      'password',
      { password: 'corta1!', password_confirmation: 'corta1!' },
      {
        en: 'The password needs at least 8 characters, an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-.',
        es: 'La contraseña necesita al menos 8 caracteres, una mayúscula, una minúscula, un dígito y uno de #?!@$%^&*-.',
      },
    ],
    [
      'password_confirmation',
      { password_confirmation: 'Distinta#2027' },
      { en: 'Passwords do not match!', es: '¡Las contraseñas no coinciden!' },
    ],
    [
      'password_confirmation',
      { password_confirmation: '' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
  ];
  for (const [field, bad, messages] of cases) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses a bad ${field} (${JSON.stringify(bad)}) with 422 in ${language}, changing nothing`, async () => {
        const user = await createStudent(t.db);
        const { token } = await requestReset(user.email);
        const before = await passwordHashOf(user.id);
        const response = await new TestClient(t.app, { language }).post(
          '/api/reset-password',
          resetBody(token, user.email, bad),
        );
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([messages[language]]);
        expect(await passwordHashOf(user.id)).toBe(before);
        // The token was not used up by the refused request.
        const ok = await new TestClient(t.app).post(
          '/api/reset-password',
          resetBody(token, user.email),
        );
        expect(ok.statusCode).toBe(200);
      });
    }
  }
});
