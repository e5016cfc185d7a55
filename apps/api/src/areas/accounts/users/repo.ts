import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Changes a user's columns (and `updated_at`); returns the row as it is now. */
export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * `updateUser` that also raises the account's link version: every verification and e-mail change
 * link mailed before stops working.
 */
export async function updateUserVoidingLinks(
  db: DbOrTx,
  id: number,
  values: Parameters<typeof updateUser>[2],
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, emailLinkVersion: sql`${users.emailLinkVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Makes the pending address the account's, verified at `at`, if it is still the one (and the link
 * version still the one) the confirmation link was checked against; undefined otherwise.
 */
export async function confirmPendingEmail(
  db: DbOrTx,
  user: { id: number; pendingEmail: string; emailLinkVersion: number },
  at: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ email: user.pendingEmail, pendingEmail: null, emailVerifiedAt: at, updatedAt: at })
    .where(
      and(
        eq(users.id, user.id),
        eq(users.pendingEmail, user.pendingEmail),
        eq(users.emailLinkVersion, user.emailLinkVersion),
      ),
    )
    .returning();
  return row;
}
