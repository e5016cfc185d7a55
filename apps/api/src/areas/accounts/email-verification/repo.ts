import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';

/**
 * Marks the e-mail verified unless it already is (the first verification's time stays). True
 * when this call verified it: of two at once, one.
 */
export async function markEmailVerified(db: DbOrTx, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}
