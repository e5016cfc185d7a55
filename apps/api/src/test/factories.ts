import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/password.ts';

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
