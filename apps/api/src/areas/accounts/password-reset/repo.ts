import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { passwordResetTokens, users } from '../../../db/schema/index.ts';

export async function latestTokenCreatedAt(db: DbOrTx, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** Voids the user's unused reset links (a new one, or a change of the e-mail address). */
export async function deleteUnusedTokens(db: DbOrTx, userId: number) {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** A new token replaces the user's unused ones: only the latest mailed link works. */
export async function replaceTokens(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; email: string; createdAt: Date; expiresAt: Date },
) {
  await deleteUnusedTokens(db, values.userId);
  await db.insert(passwordResetTokens).values(values);
}

/**
 * A live token (unused, unexpired) with the address it was mailed to and its user's address now,
 * locked until the transaction ends, so two requests with one token cannot both use it.
 */
export async function findLiveTokenForUpdate(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      mailedTo: passwordResetTokens.email,
      userId: users.id,
      accountEmail: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1)
    .for('update', { of: passwordResetTokens });
  return row;
}

export async function markTokenUsed(db: DbOrTx, id: number, at: Date) {
  await db.update(passwordResetTokens).set({ usedAt: at }).where(eq(passwordResetTokens.id, id));
}
