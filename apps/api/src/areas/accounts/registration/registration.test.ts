import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, users } from '../../../db/schema/index.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createStudent,
  createUnverifiedStudent,
  registration,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { mailsTo, verificationPath } from '../../../test/mailbox.ts';

// Counts the password hashing, which a taken e-mail must cost as much as a new one.
vi.mock(import('../auth/password.ts'), async (importOriginal) => {
  const original = await importOriginal();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const countRows = async (email: string) => ({
  users: await t.db.$count(users, eq(users.email, email)),
  mails: await t.db.$count(mailOutbox, eq(mailOutbox.toAddress, email)),
});

describe('POST /api/register', () => {
  it('creates an unverified student, does not sign in, and mails the link in their language', async () => {
    const client = new TestClient(t.app, { language: 'en' });
    const body = registration({ email: `  Ana.${Date.now()}@Example.CL `, language: 'en' });
    const response = await client.post('/api/register', body);

    expect(response.statusCode).toBe(201);
    const email = body.email.trim().toLowerCase();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(response.json()).toEqual({
      data: { id: user!.id, email, resend_token: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/) },
      message: 'We sent you a message. Open it to confirm your e-mail address, then log in.',
    });
    expect(user).toMatchObject({
      name: 'Martina',
      lastName: 'Núñez Peña',
      phone: '56987654321',
      taxId: '12345678-5',
      taxIdType: 'rut',
      countryId: 152,
      language: 'en',
      termsAccepted: true,
      emailVerifiedAt: null,
      role: 'student',
      permissions: [],
    });
    expect(user!.passwordHash).not.toContain(TEST_PASSWORD);
    expect(await verifyPassword(user!.passwordHash, TEST_PASSWORD)).toBe(true);

    // Not signed in: the session (if any) is a guest's.
    expect((await client.get('/api/me')).statusCode).toBe(401);

    const [mail] = await mailsTo(t.app, email);
    expect(mail!.subject).toBe('Confirm your e-mail address for Ensaya');
    expect(mail!.text).toContain('Hi Martina,');
    expect(verificationPath(mail!.text, t.config.appUrl)).toMatch(
      new RegExp(
        `^/api/email/verify/${user!.id}/[0-9a-f]{64}\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
  });

  it('writes the mail in Spanish for a Spanish registration, whatever the request language', async () => {
    const body = registration({ language: 'es' });
    const response = await new TestClient(t.app, { language: 'en' }).post('/api/register', body);
    expect(response.statusCode).toBe(201);
    const [mail] = await mailsTo(t.app, body.email);
    expect(mail!.subject).toBe('Confirma tu correo electrónico en Ensaya');
    expect(mail!.text).toContain('Hola, Martina:');
  });

  it('takes a digits-only DNI for other countries', async () => {
    const body = registration({ country_id: 604, tax_id: '44556677' });
    const response = await new TestClient(t.app).post('/api/register', body);
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ countryId: 604, taxId: '44556677', taxIdType: 'dni' });
  });

  // Every field rule: the bad value gets 422 with the field's message in the request's language,
  // and nothing is written (no user, no mail).
  const cases: Array<[string, Record<string, unknown>, string, { en: string; es: string }]> = [
    [
      'name',
      { name: '' },
      'required',
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'name',
      { name: 'Juan3' },
      'letters only',
      { en: 'Use letters only.', es: 'Usa solo letras.' },
    ],
    [
      'last_name',
      { last_name: 'Pérez!' },
      'letters only',
      { en: 'Use letters only.', es: 'Usa solo letras.' },
    ],
    [
      'email',
      { email: '' },
      'required',
      { en: 'Please enter your email!', es: 'Ingresa tu correo electrónico.' },
    ],
    [
      'email',
      { email: 'ana@example' },
      'format',
      { en: 'Invalid format!', es: '¡Formato inválido!' },
    ],
    [
      'password',
      { password: 'secreto1', password_confirmation: 'secreto1' },
      'rules',
      {
        en: 'The password needs at least 8 characters, an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-.',
        es: 'La contraseña necesita al menos 8 caracteres, una mayúscula, una minúscula, un dígito y uno de #?!@$%^&*-.',
      },
    ],
    [
      'password',
      { password: 'Secreto 2026#', password_confirmation: 'Secreto 2026#' },
      'spaces',
      {
        en: 'The password cannot contain spaces.',
        es: 'La contraseña no puede contener espacios.',
      },
    ],
    [
      'password_confirmation',
      { password_confirmation: 'Otro#2026x' },
      'mismatch',
      { en: 'Passwords do not match!', es: '¡Las contraseñas no coinciden!' },
    ],
    [
      'phone',
      { phone: '9 87AB 4321' },
      'digits',
      {
        en: 'Enter a valid phone number (digits only, at most 11).',
        es: 'Ingresa un teléfono válido (solo dígitos, máximo 11).',
      },
    ],
    [
      'phone',
      { phone: '+56 9 8765 43210' },
      'too long',
      {
        en: 'Enter a valid phone number (digits only, at most 11).',
        es: 'Ingresa un teléfono válido (solo dígitos, máximo 11).',
      },
    ],
    [
      'phone',
      { phone: '' },
      'required',
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'tax_id',
      { tax_id: '12.345.678-9' },
      'Rut check digit',
      { en: 'Invalid Rut', es: 'Rut inválido' },
    ],
    [
      'tax_id',
      { tax_id: '1.234.567.890-1' },
      'Rut too long',
      { en: 'Invalid Rut', es: 'Rut inválido' },
    ],
    [
      'tax_id',
      { tax_id: '' },
      'Rut required',
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'tax_id',
      { country_id: 604, tax_id: 'AB-12345' },
      'DNI digits',
      { en: 'The DNI must contain digits only.', es: 'El DNI debe contener solo dígitos.' },
    ],
    [
      'country_id',
      { country_id: 999, tax_id: '44556677' },
      'unknown country',
      { en: 'Choose a country from the list.', es: 'Elige un país de la lista.' },
    ],
    [
      'terms_and_conditions',
      { terms_and_conditions: '0' },
      'terms',
      {
        en: 'You must read and accept the terms and conditions.',
        es: 'Debes leer y aceptar los términos y condiciones.',
      },
    ],
  ];

  for (const [field, bad, rule, messages] of cases) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses ${field} (${rule}) with 422 in ${language}, writing nothing`, async () => {
        const body = registration(bad);
        const email = typeof body.email === 'string' && body.email ? body.email : undefined;
        const response = await new TestClient(t.app, { language }).post('/api/register', body);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([messages[language]]);
        if (email) expect(await countRows(email)).toEqual({ users: 0, mails: 0 });
      });
    }
  }

  describe('with an e-mail that has an account', () => {
    it('answers as for a new one, after hashing the password, and mails the owner instead', async () => {
      const owner = await createStudent(t.db, { language: 'en', name: 'Olivia' });
      for (const [language, message] of [
        ['en', 'We sent you a message. Open it to confirm your e-mail address, then log in.'],
        [
          'es',
          'Te enviamos un mensaje. Ábrelo para confirmar tu correo electrónico y luego inicia sesión.',
        ],
      ] as const) {
        const fresh = await new TestClient(t.app, { language }).post(
          '/api/register',
          registration(),
        );
        vi.mocked(hashPassword).mockClear();
        const taken = await new TestClient(t.app, { language }).post(
          '/api/register',
          registration({
            email: ` ${owner.email.toUpperCase()} `,
            password: 'Otra#2026x',
            password_confirmation: 'Otra#2026x',
          }),
        );
        expect(vi.mocked(hashPassword)).toHaveBeenCalledTimes(1);

        // The same status and body shape; the id is the next one, as a new account's would be.
        expect([fresh.statusCode, taken.statusCode]).toEqual([201, 201]);
        expect(fresh.json().message).toBe(message);
        expect(taken.json()).toEqual({
          data: { id: expect.any(Number), email: owner.email, resend_token: expect.any(String) },
          message,
        });
        expect(taken.json().data.id).toBeGreaterThan(fresh.json().data.id);
        expect(await t.db.$count(users, eq(users.id, taken.json().data.id))).toBe(0);
      }

      // Nothing changed on the account; its owner got two notices and no verification link.
      const [after] = await t.db.select().from(users).where(eq(users.id, owner.id));
      expect(after).toEqual(owner);
      const mails = await mailsTo(t.app, owner.email);
      expect(mails).toHaveLength(2);
      expect(mails[0]!.subject).toBe(
        'Someone tried to register on Ensaya with your e-mail address',
      );
      expect(mails[0]!.text).toContain('Hi Olivia,');
      expect(mails[0]!.text).toContain(`Log in: ${t.config.appUrl}/login`);
      expect(mails[0]!.text).toContain(`Reset my password: ${t.config.appUrl}/olvido`);
      expect(mails[0]!.text).not.toContain('/verify-email');
    });

    it("writes the notice in the account's language, and mails at most 3 an hour", async () => {
      const owner = await createUnverifiedStudent(t.db, { language: 'es' });
      for (let i = 0; i < 5; i++) {
        const response = await new TestClient(t.app, { language: 'en' }).post(
          '/api/register',
          registration({ email: owner.email }),
        );
        expect(response.statusCode).toBe(201);
      }
      const mails = await mailsTo(t.app, owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual(
        Array(3).fill('Alguien intentó registrarse en Ensaya con tu correo'),
      );
      expect(mails[0]!.text).toContain('Hola, Camila:');
    });

    it('gives an id whose resend answers as any other and sends nothing', async () => {
      const owner = await createUnverifiedStudent(t.db);
      const client = new TestClient(t.app, { language: 'en' });
      const taken = await client.post('/api/register', registration({ email: owner.email }));
      const { id, resend_token } = taken.json().data;
      const resend = await client.get(`/api/me/${id}/resend-verification?token=${resend_token}`);
      expect(resend.statusCode).toBe(200);
      expect(resend.json()).toEqual({
        message: 'A new verification link has been sent to your e-mail address.',
      });
      const mails = await mailsTo(t.app, owner.email);
      expect(mails.filter((mail) => mail.text.includes('/verify-email'))).toHaveLength(0);
    });

    it('still refuses other invalid fields with 422, and mails nobody', async () => {
      const owner = await createStudent(t.db);
      const response = await new TestClient(t.app, { language: 'en' }).post(
        '/api/register',
        registration({
          email: owner.email,
          password: 'secreto1',
          password_confirmation: 'secreto1',
        }),
      );
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['password']);
      expect(await countRows(owner.email)).toEqual({ users: 1, mails: 0 });
    });
  });

  it('keeps one account when the same e-mail registers twice at once, and answers both alike', async () => {
    const body = registration();
    const responses = await Promise.all([
      new TestClient(t.app).post('/api/register', body),
      new TestClient(t.app).post('/api/register', body),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    // One verification link for the account, one notice about the other registration.
    expect(await countRows(body.email)).toEqual({ users: 1, mails: 2 });
  });

  it('needs the CSRF token', async () => {
    const body = registration();
    const response = await new TestClient(t.app).post('/api/register', body, { csrf: false });
    expect(response.statusCode).toBe(419);
    expect(await countRows(body.email)).toEqual({ users: 0, mails: 0 });
  });
});
