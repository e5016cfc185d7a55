import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { invoices, jobs, userSubscriptions } from '../../../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Adds jobs; one whose unique_key exists already is skipped (enqueueing is idempotent). */
export async function enqueue(
  db: DbOrTx,
  rows: Array<{ name: string; payload: Record<string, unknown>; runAt: Date; uniqueKey: string }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(jobs)
    .values(rows)
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return inserted.length;
}

/**
 * Claims due jobs: queued ones whose time has come, and running ones whose worker has not
 * finished within the lease (it died). Rows locked by another worker are skipped.
 */
export async function claimDueJobs(
  db: DbOrTx,
  now: Date,
  workerId: string,
  staleBefore: Date,
  limit: number,
): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore)),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: now,
        lockedBy: workerId,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        inArray(
          jobs.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

export async function finishJob(db: DbOrTx, id: number, at: Date) {
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: at, lockedAt: null, lastError: null })
    .where(eq(jobs.id, id));
}

export async function failJob(db: DbOrTx, job: JobRow, at: Date, error: string) {
  const isFinal = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: isFinal ? 'failed' : 'queued',
      runAt: new Date(at.getTime() + 60_000 * 2 ** job.attempts),
      lockedAt: null,
      lastError: error.slice(0, 2000),
      finishedAt: isFinal ? at : null,
    })
    .where(eq(jobs.id, job.id));
}

// --- What is due ------------------------------------------------------------------------------------

/** Trials and paid periods that have ended, and paused periods that have ended. */
export async function findEndedSubscriptions(db: DbOrTx, now: Date) {
  return db
    .select({
      id: userSubscriptions.id,
      status: userSubscriptions.status,
      end: userSubscriptions.subscriptionEnd,
      autoRenew: userSubscriptions.autoRenew,
    })
    .from(userSubscriptions)
    .where(
      and(
        inArray(userSubscriptions.status, ['Trial', 'Active', 'Pause']),
        isNotNull(userSubscriptions.subscriptionEnd),
        lte(userSubscriptions.subscriptionEnd, now),
      ),
    )
    .limit(500);
}

/** Trials ending before `until` (the 3-day notice). */
export async function findTrialsEndingBefore(db: DbOrTx, now: Date, until: Date) {
  return db
    .select({ id: userSubscriptions.id, end: userSubscriptions.subscriptionEnd })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.status, 'Trial'),
        lte(userSubscriptions.subscriptionEnd, until),
        sql`${userSubscriptions.subscriptionEnd} > ${now}`,
      ),
    )
    .limit(500);
}

export async function findDueInvoices(db: DbOrTx, now: Date) {
  return db
    .select({ id: invoices.id, attemptCount: invoices.attemptCount })
    .from(invoices)
    .where(and(eq(invoices.status, 'open'), lte(invoices.nextAttemptAt, now)))
    .limit(500);
}
