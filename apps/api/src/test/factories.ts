import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { addresses, subjects, themes, users } from '../db/schema/index.ts';
import { hashPassword } from '../areas/accounts/auth/password.ts';

export const TEST_PASSWORD = 'Secreto#2026';
// Hashing is the slow part of creating a user; every factory user shares one hash.
let passwordHash: Promise<string> | undefined;

/** A verified student with a unique e-mail; tests may share a database, so never reuse e-mails. */
export async function createStudent(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: 'Camila',
      lastName: 'Rojas',
      email: `student-${randomUUID()}@example.cl`,
      passwordHash: await passwordHash,
      emailVerifiedAt: new Date(),
      termsAccepted: true,
      ...overrides,
    })
    .returning();
  return user!;
}

export function createAdmin(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  return createStudent(db, { role: 'admin', name: 'Admin', ...overrides });
}

/** A student who registered but has not opened the verification link yet. */
export function createUnverifiedStudent(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  return createStudent(db, { emailVerifiedAt: null, ...overrides });
}

/** Gives the user a current address (Providencia by default) and returns it. */
export async function createAddress(
  db: Db,
  userId: number,
  overrides: Partial<typeof addresses.$inferInsert> = {},
) {
  const [address] = await db
    .insert(addresses)
    .values({
      userId,
      addressLine1: 'Av. Providencia 1234',
      addressLine2: 'Depto. 56',
      townId: 13123, // Providencia
      zipCode: '7500000',
      ...overrides,
    })
    .returning();
  await db.update(users).set({ addressId: address!.id }).where(eq(users.id, userId));
  return address!;
}

/** A valid `POST api/register` body with a unique e-mail; override a field to make it invalid. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Martina',
    last_name: 'Núñez Peña',
    email: `new-${randomUUID()}@example.cl`,
    password: TEST_PASSWORD,
    password_confirmation: TEST_PASSWORD,
    phone: '+56 9 8765 4321',
    country_id: 152,
    tax_id: '12.345.678-5',
    timezone: 'America/Santiago',
    language: 'es',
    terms_and_conditions: '1',
    ...overrides,
  };
}

/** A real image of the given format and size (a gradient, so it survives re-encoding visibly). */
export function image(format: 'png' | 'jpeg' | 'gif', width = 640, height = 480) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipartFile(
  content: Buffer,
  options: { fieldName?: string; fileName?: string; contentType?: string } = {},
) {
  const boundary = `----ensaya${randomUUID().replaceAll('-', '')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${options.fieldName ?? 'file'}"; filename="${options.fileName ?? 'avatar.png'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PAES subject of its own (unique name) with the given themes, in order. */
export async function createSubject(db: Db, themeNames: string[] = ['Números', 'Geometría']) {
  const [subject] = await db
    .insert(subjects)
    .values({ standardTestId: 1, name: `Asignatura ${randomUUID()}`, approvalGrade: 458 })
    .returning();
  const themeRows = await db
    .insert(themes)
    .values(
      themeNames.map((name, index) => ({ subjectId: subject!.id, name, position: index + 1 })),
    )
    .returning();
  return { subject: subject!, themes: themeRows };
}

/** A valid `POST /api/admin/questions` body for the theme; override fields to vary it. */
export function questionBody(themeId: number, overrides: Record<string, unknown> = {}) {
  return {
    theme_id: themeId,
    statement: '<p>¿Cuánto vale \\(\\frac{1}{2} + \\frac{1}{2}\\)?</p>',
    solution: '<p>Dos medios son un entero: \\(1\\).</p>',
    is_multi_choice: false,
    choices: [
      { body: '\\(1\\)', is_correct: true },
      { body: '\\(2\\)', is_correct: false },
      { body: '\\(\\tfrac14\\)', is_correct: false },
    ],
    ...overrides,
  };
}

/** A multipart/form-data body with text fields and one file, as the import form sends it. */
export function multipartForm(
  fields: Record<string, string>,
  file?: { content: Buffer; name: string },
) {
  const boundary = `----ensaya${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
