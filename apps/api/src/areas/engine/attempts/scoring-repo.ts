import { and, asc, count, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { userTests } from '../../../db/schema/index.ts';

// The queue of acknowledged submits as the scorer reads it (scoring.ts): attempts still in
// progress whose submit was asked for (`submit_requested_at`), oldest first.

/** Up to `batch` acknowledged submits, the longest waiting first. */
export function listRequestedSubmits(db: Db, batch: number) {
  return db
    .select({ id: userTests.id, userId: userTests.userId })
    .from(userTests)
    .where(and(eq(userTests.status, 'in_progress'), isNotNull(userTests.submitRequestedAt)))
    .orderBy(asc(userTests.submitRequestedAt))
    .limit(batch);
}

/**
 * How many acknowledged submits wait for a scorer, all instances together; with `before`, those
 * asked for before that time (ahead of it in the queue).
 */
export async function countRequestedSubmits(db: Db, before?: Date): Promise<number> {
  const [row] = await db
    .select({ waiting: count() })
    .from(userTests)
    .where(
      and(
        eq(userTests.status, 'in_progress'),
        before ? lt(userTests.submitRequestedAt, before) : isNotNull(userTests.submitRequestedAt),
      ),
    );
  return row?.waiting ?? 0;
}
