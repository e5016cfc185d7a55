import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../auth/password.ts';
import { buildTestApp, TestClient, type TestApp } from '../../test/build-test-app.ts';
import { createStudent, registration, TEST_PASSWORD } from '../../test/factories.ts';
import { mailsTo, verificationPath } from '../../test/mailbox.ts';

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
      data: { id: user!.id, email },
      message:
        'We sent you a verification link. Open it to confirm your e-mail address, then log in.',
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
      { en: 'Please enter your email!', es: '¡Por favor ingrese su correo electrónico!' },
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

  it('refuses an e-mail already registered (in any case), in both languages', async () => {
    const existing = await createStudent(t.db);
    for (const [language, message] of [
      ['en', 'This e-mail address is already registered.'],
      ['es', 'Este correo electrónico ya está registrado.'],
    ] as const) {
      const response = await new TestClient(t.app, { language }).post(
        '/api/register',
        registration({ email: existing.email.toUpperCase() }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { email: [message] } });
    }
    expect(await countRows(existing.email)).toEqual({ users: 1, mails: 0 });
  });

  it('keeps one account when the same e-mail registers twice at once', async () => {
    const body = registration();
    const responses = await Promise.all([
      new TestClient(t.app).post('/api/register', body),
      new TestClient(t.app).post('/api/register', body),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await countRows(body.email)).toEqual({ users: 1, mails: 1 });
  });

  it('needs the CSRF token', async () => {
    const body = registration();
    const response = await new TestClient(t.app).post('/api/register', body, { csrf: false });
    expect(response.statusCode).toBe(419);
    expect(await countRows(body.email)).toEqual({ users: 0, mails: 0 });
  });
});
