import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { mailOutbox } from '../../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertMail(db: DbOrTx, values: typeof mailOutbox.$inferInsert) {
  const [row] = await db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  return row!;
}

/**
 * Claims up to `limit` due pending mails: rows locked by another instance are skipped, and the
 * claimed rows' next attempt moves to `leaseUntil`, so they come back if this sender dies.
 */
export async function claimDueMail(
  db: DbOrTx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: DbOrTx, id: number, sentAt: Date) {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt, lastError: null })
    .where(eq(mailOutbox.id, id));
}

export async function markRetry(db: DbOrTx, id: number, nextAttemptAt: Date, error: string) {
  await db.update(mailOutbox).set({ nextAttemptAt, lastError: error }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: DbOrTx, id: number, error: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error })
    .where(eq(mailOutbox.id, id));
}

/** The newest mails first, optionally to one address (the dev mailbox). */
export async function listMail(db: DbOrTx, options: { to?: string; limit: number }) {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(mailOutbox.toAddress, options.to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(options.limit);
}

export async function findMail(db: DbOrTx, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}

/** Many mails in one statement (a job mailing a chunk of students). */
export async function insertMails(db: DbOrTx, values: Array<typeof mailOutbox.$inferInsert>) {
  if (values.length === 0) return;
  await db.insert(mailOutbox).values(values);
}
