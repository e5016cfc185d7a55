import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client.ts';

// The item analysis job. Submitted attempts are queued by a trigger (migration 0011); a refresh
// takes a batch with `FOR UPDATE SKIP LOCKED`, folds it into `item_stats` and
// `item_choice_stats` with one call of `item_stats_add` and removes it from the queue in the
// same transaction: an attempt is either queued or counted, never both. The cost of a run is
// bounded by the attempts sent since the last one, never by all attempts.

/** Any constant shared by every instance: a rebuild and a refresh never interleave. */
const ITEM_STATS_LOCK_KEY = 7_347_120_016;
/** Queued attempts folded in per transaction. */
const REFRESH_BATCH = 500;

/**
 * Folds queued attempts in, at most `maxBatches` batches (the rest waits for the next run).
 * Returns how many attempts were taken from the queue.
 */
export async function refreshItemStats(
  db: Db,
  { maxBatches = 20, batchSize = REFRESH_BATCH }: { maxBatches?: number; batchSize?: number } = {},
): Promise<number> {
  let done = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const taken = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${ITEM_STATS_LOCK_KEY})`);
      const rows = rowsOf<{ user_test_id: string | number }>(
        await tx.execute(sql`
          select user_test_id from item_stats_queue order by user_test_id
          limit ${batchSize} for update skip locked
        `),
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => Number(row.user_test_id));
      await tx.execute(sql`select item_stats_add(${idArray(ids)}, 1)`);
      await tx.execute(sql`delete from item_stats_queue where user_test_id = any(${idArray(ids)})`);
      return ids.length;
    });
    done += taken;
    if (taken < batchSize) break;
  }
  return done;
}

/**
 * Recomputes one period's figures from its attempts (bounded by the period): clears them, takes
 * the period's queued attempts out of the queue, and folds every counted attempt in again.
 * Returns the number of submitted attempts read.
 */
export async function rebuildItemStats(db: Db, periodId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ITEM_STATS_LOCK_KEY})`);
    await tx.execute(sql`delete from item_choice_stats where period_id = ${periodId}`);
    await tx.execute(sql`delete from item_stats where period_id = ${periodId}`);
    const rows = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        select id from user_tests where period_id = ${periodId} and status = 'submitted'
        for share
      `),
    );
    const ids = rows.map((row) => Number(row.id));
    if (ids.length === 0) return 0;
    await tx.execute(sql`delete from item_stats_queue where user_test_id = any(${idArray(ids)})`);
    await tx.execute(sql`select item_stats_add(${idArray(ids)}, 1)`);
    return ids.length;
  });
}

/** Submitted attempts waiting for the job (any period). */
export async function pendingAttempts(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from item_stats_queue`),
  );
  return Number(row?.n ?? 0);
}

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::bigint[]`;
