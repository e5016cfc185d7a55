import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createAddress,
  createStudent,
  image,
  multipartFile,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { mailsTo } from '../../../test/mailbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signedIn(overrides: Parameters<typeof createStudent>[1] = {}, language?: string) {
  const user = await createStudent(t.db, {
    phone: '56987654321',
    taxId: '12345678-5',
    countryId: 152,
    ...overrides,
  });
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('GET /api/me', () => {
  it('answers the profile with the address, or null without one', async () => {
    const { user, client } = await signedIn({ permissions: ['debug'] });
    const bare = await client.get('/api/me');
    expect(bare.json().data).toMatchObject({ id: user.id, permissions: ['debug'], address: null });

    const address = await createAddress(t.db, user.id, { townId: 5101, zipCode: '2340000' });
    const me = await client.get('/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual({
      id: user.id,
      name: 'Camila',
      last_name: 'Rojas',
      email: user.email,
      phone: '56987654321',
      tax_id: '12345678-5',
      avatar: null,
      permissions: ['debug'],
      role: 'student',
      language: 'es',
      timezone: 'America/Santiago',
      email_verified_at: user.emailVerifiedAt!.toISOString(),
      country_id: 152,
      pending_email: null,
      address: {
        id: address.id,
        address_line_1: 'Av. Providencia 1234',
        address_line_2: 'Depto. 56',
        zip_code: '2340000',
        town_id: 5101,
        town: { id: 5101, name: 'Valparaíso' },
        city: { id: 51, name: 'Valparaíso' },
        state: { id: 5, name: 'Región de Valparaíso' },
      },
    });
  });
});

describe('PATCH /api/me', () => {
  const profile = (email: string, overrides: Record<string, unknown> = {}) => ({
    name: 'Camila Andrea',
    last_name: 'Rojas Díaz',
    email,
    phone: '+56 9 1234 5678',
    timezone: 'America/Santiago',
    language: 'en',
    terms_and_conditions: '1',
    ...overrides,
  });

  it('saves the personal data; the tax id cannot be changed here', async () => {
    const { user, client } = await signedIn({}, 'en');
    const response = await client.request({
      method: 'PATCH',
      url: '/api/me',
      payload: { ...profile(user.email), tax_id: '11111111-1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Your data has been saved.');
    expect(response.json().data).toMatchObject({
      name: 'Camila Andrea',
      last_name: 'Rojas Díaz',
      phone: '56912345678',
      language: 'en',
      tax_id: '12345678-5',
    });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ name: 'Camila Andrea', taxId: '12345678-5', language: 'en' });
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
  });

  it('keeps the phone on file when the form sends none', async () => {
    const { user, client } = await signedIn();
    const response = await client.request({
      method: 'PATCH',
      url: '/api/me',
      payload: profile(user.email, { phone: null }),
    });
    expect(response.statusCode).toBe(200);
    expect((await userRow(user.id)).phone).toBe('56987654321');
  });

  it('refuses an e-mail address another account has', async () => {
    const other = await createStudent(t.db);
    const { user, client } = await signedIn({}, 'es');
    const before = await userRow(user.id);
    const response = await client.request({
      method: 'PATCH',
      url: '/api/me',
      payload: profile(other.email, { current_password: TEST_PASSWORD }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      email: ['Este correo electrónico ya está registrado.'],
    });
    expect(await mailsTo(t.app, other.email)).toHaveLength(0);
    expect(await userRow(user.id)).toEqual(before);
  });

  const cases: Array<[string, Record<string, unknown>, { en: string; es: string }]> = [
    ['name', { name: '' }, { en: 'This field is required.', es: 'Este campo es obligatorio.' }],
    ['name', { name: 'C4mila' }, { en: 'Use letters only.', es: 'Usa solo letras.' }],
    ['last_name', { last_name: 'Rojas_' }, { en: 'Use letters only.', es: 'Usa solo letras.' }],
    ['email', { email: 'camila.example.cl' }, { en: 'Invalid format!', es: '¡Formato inválido!' }],
    [
      'email',
      { email: '' },
      { en: 'Please enter your email!', es: 'Ingresa tu correo electrónico.' },
    ],
    [
      'phone',
      { phone: '9-8765-43AB' },
      {
        en: 'Enter a valid phone number (digits only, at most 11).',
        es: 'Ingresa un teléfono válido (solo dígitos, máximo 11).',
      },
    ],
    [
      'phone',
      { phone: '569876543210' },
      {
        en: 'Enter a valid phone number (digits only, at most 11).',
        es: 'Ingresa un teléfono válido (solo dígitos, máximo 11).',
      },
    ],
  ];
  for (const [field, bad, messages] of cases) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses a bad ${field} (${JSON.stringify(bad)}) with 422 in ${language}, changing nothing`, async () => {
        const { user, client } = await signedIn({}, language);
        const before = await userRow(user.id);
        const response = await client.request({
          method: 'PATCH',
          url: '/api/me',
          payload: profile(user.email, bad),
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([messages[language]]);
        expect(await userRow(user.id)).toEqual(before);
      });
    }
  }

  it('needs a session', async () => {
    const response = await new TestClient(t.app).request({
      method: 'PATCH',
      url: '/api/me',
      payload: profile('x@example.cl'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/change-password', () => {
  const NEW_PASSWORD = 'Cambio#2027x';
  const body = (overrides: Record<string, unknown> = {}) => ({
    // The spec's client sends the profile fields too; they are ignored.
    name: 'Camila',
    email: 'ignored@example.cl',
    old_password: TEST_PASSWORD,
    new_password: NEW_PASSWORD,
    new_password_confirmation: NEW_PASSWORD,
    ...overrides,
  });

  it('changes the password and ends every other session of the user, not this one', async () => {
    const { user, client } = await signedIn({}, 'en');
    const phone = new TestClient(t.app);
    await phone.login(user.email, TEST_PASSWORD);
    const bystander = await signedIn();

    const response = await client.post('/api/change-password', body());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Your password has been changed. Your other sessions have been closed.',
    });
    expect((await client.get('/api/me')).statusCode).toBe(200);
    expect((await phone.get('/api/me')).statusCode).toBe(401);
    expect((await bystander.client.get('/api/me')).statusCode).toBe(200);
    expect((await userRow(user.id)).email).toBe(user.email);

    const fresh = new TestClient(t.app);
    expect(
      (await fresh.post('/api/login', { email: user.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(422);
    await fresh.login(user.email, NEW_PASSWORD);
  });

  it('answers 400 with a message when the current password is wrong, changing nothing', async () => {
    const { user, client } = await signedIn({}, 'en');
    const before = await userRow(user.id);
    const response = await client.post(
      '/api/change-password',
      body({ old_password: 'Wrong#2026x' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The current password is not correct.' });
    expect(await userRow(user.id)).toEqual(before);
  });

  const cases: Array<[string, Record<string, unknown>, { en: string; es: string }]> = [
    [
      'old_password',
      { old_password: '' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
    [
      'new_password',
      { new_password: 'sinmayuscula1#', new_password_confirmation: 'sinmayuscula1#' },
      {
        en: 'The password needs at least 8 characters, an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-.',
        es: 'La contraseña necesita al menos 8 caracteres, una mayúscula, una minúscula, un dígito y uno de #?!@$%^&*-.',
      },
    ],
    [
      'new_password',
      { new_password: 'Con Espacio#1', new_password_confirmation: 'Con Espacio#1' },
      {
        en: 'The password cannot contain spaces.',
        es: 'La contraseña no puede contener espacios.',
      },
    ],
    [
      'new_password_confirmation',
      { new_password_confirmation: 'Otra#2027xx' },
      { en: 'Passwords do not match!', es: '¡Las contraseñas no coinciden!' },
    ],
    [
      'new_password_confirmation',
      { new_password_confirmation: '' },
      { en: 'This field is required.', es: 'Este campo es obligatorio.' },
    ],
  ];
  for (const [field, bad, messages] of cases) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses a bad ${field} (${JSON.stringify(bad)}) with 422 in ${language}, changing nothing`, async () => {
        const { user, client } = await signedIn({}, language);
        const before = await userRow(user.id);
        const response = await client.post('/api/change-password', body(bad));
        expect(response.statusCode).toBe(422);
        expect(response.json().errors[field]).toEqual([messages[language]]);
        expect(await userRow(user.id)).toEqual(before);
      });
    }
  }
});

describe('POST /api/profile-upload', () => {
  const upload = (client: TestClient, file: ReturnType<typeof multipartFile>) =>
    client.request({ method: 'POST', url: '/api/profile-upload', ...file });
  const avatarFiles = () => readdirSync(path.join(t.config.uploadsDir, 'avatars'));

  it('stores a 256x256 JPEG without metadata, serves it, and removes the previous one', async () => {
    const { user, client } = await signedIn({}, 'en');
    // A photo with EXIF (GPS-like data would live there): none of it may survive.
    const photo = await sharp(await image('jpeg', 1200, 800))
      .withExif({ IFD0: { Copyright: 'Secret Camera Owner', Make: 'PhoneMaker' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const first = await upload(
      client,
      multipartFile(photo, { fileName: 'foto.jpg', contentType: 'image/jpeg' }),
    );
    expect(first.statusCode).toBe(200);
    const firstPath = first.json().data as string;
    expect(first.json()).toEqual({
      data: firstPath,
      message: 'Your profile picture has been updated.',
    });
    expect(firstPath).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]+\\.jpg$`));
    expect((await userRow(user.id)).avatarPath).toBe(firstPath);
    expect((await client.get('/api/me')).json().data.avatar).toBe(firstPath);

    const served = await t.app.inject({ method: 'GET', url: firstPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

    const second = await upload(client, multipartFile(await image('png', 300, 900)));
    expect(second.statusCode).toBe(200);
    const secondPath = second.json().data as string;
    expect(secondPath).not.toBe(firstPath);
    const onDisk = path.join(t.config.uploadsDir, 'avatars', path.basename(secondPath));
    expect(await sharp(readFileSync(onDisk)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 256,
      height: 256,
    });
    expect(existsSync(path.join(t.config.uploadsDir, 'avatars', path.basename(firstPath)))).toBe(
      false,
    );
    expect((await t.app.inject({ method: 'GET', url: firstPath })).statusCode).toBe(404);
  });

  const refusals: Array<
    [
      string,
      () => Promise<
        ReturnType<typeof multipartFile> | { payload: string; headers: Record<string, string> }
      >,
      { en: string; es: string },
    ]
  > = [
    [
      'no file at all',
      async () => ({ payload: '{}', headers: { 'content-type': 'application/json' } }),
      { en: 'Choose an image to upload.', es: 'Elige una imagen para subir.' },
    ],
    [
      'a file under another field name',
      async () => multipartFile(await image('png'), { fieldName: 'avatar' }),
      { en: 'Choose an image to upload.', es: 'Elige una imagen para subir.' },
    ],
    [
      'an empty file',
      async () => multipartFile(Buffer.alloc(0)),
      { en: 'Choose an image to upload.', es: 'Elige una imagen para subir.' },
    ],
    [
      'a text file named .png',
      async () =>
        multipartFile(Buffer.from('just some text, not an image\n'.repeat(20)), {
          fileName: 'foto.png',
        }),
      {
        en: 'The file must be a JPG or PNG image.',
        es: 'El archivo debe ser una imagen JPG o PNG.',
      },
    ],
    [
      'a GIF named .jpg',
      async () =>
        multipartFile(await image('gif'), { fileName: 'foto.jpg', contentType: 'image/jpeg' }),
      {
        en: 'The file must be a JPG or PNG image.',
        es: 'El archivo debe ser una imagen JPG o PNG.',
      },
    ],
    [
      'a 10 MB file',
      async () =>
        multipartFile(Buffer.concat([await image('png'), Buffer.alloc(10 * 1024 * 1024, 1)])),
      { en: 'The image must not be larger than 2 MB.', es: 'La imagen no debe pesar más de 2 MB.' },
    ],
  ];
  for (const [what, file, messages] of refusals) {
    for (const language of ['en', 'es'] as const) {
      it(`refuses ${what} with 422 in ${language}, changing nothing`, async () => {
        const { user, client } = await signedIn({}, language);
        const before = avatarFiles().length;
        const response = await upload(client, (await file()) as ReturnType<typeof multipartFile>);
        expect(response.statusCode).toBe(422);
        expect(response.json()).toEqual({
          message: messages[language],
          errors: { file: [messages[language]] },
        });
        expect((await userRow(user.id)).avatarPath).toBeNull();
        expect(avatarFiles().length).toBe(before);
      });
    }
  }

  it('needs a session and the CSRF token', async () => {
    const visitor = await upload(new TestClient(t.app), multipartFile(await image('png')));
    expect(visitor.statusCode).toBe(401);
    const { client } = await signedIn();
    const forged = await client.request({
      method: 'POST',
      url: '/api/profile-upload',
      csrf: false,
      ...multipartFile(await image('png')),
    });
    expect(forged.statusCode).toBe(419);
  });
});
