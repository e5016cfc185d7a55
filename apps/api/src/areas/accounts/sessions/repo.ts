import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { sessions, users } from '../../../db/schema/index.ts';

export type SessionRow = typeof sessions.$inferSelect;

export type SessionUser = {
  id: number;
  role: 'student' | 'admin';
  permissions: string[];
};

/** A live session and its user, if any; expired sessions read as absent. */
export async function findLiveSession(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, role: users.role, permissions: users.permissions },
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  return { session: row.session, user: row.user as SessionUser | null };
}

export async function insertSession(
  db: DbOrTx,
  values: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function touchSession(db: DbOrTx, id: string, lastSeenAt: Date, expiresAt: Date) {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/**
 * Ends every session of a user but one (password change and reset end the others). The caller
 * then drops them from the session cache (`SessionCache.userChanged`), once committed.
 */
export async function deleteUserSessions(db: DbOrTx, userId: number, exceptId?: string) {
  const sameUser = eq(sessions.userId, userId);
  await db
    .delete(sessions)
    .where(exceptId === undefined ? sameUser : and(sameUser, ne(sessions.id, exceptId)));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
