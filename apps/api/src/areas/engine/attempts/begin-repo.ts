import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { subjects, userTests } from '../../../db/schema/index.ts';

// The queries of an attempt's begin and of the attempts in progress (begin.ts).

/**
 * Starts the clock of the student's running attempt. Only the first begin writes (`begun_at is
 * null`): two at once cannot both move the clock.
 */
export async function setBegun(
  db: DbOrTx,
  userId: number,
  id: number,
  clock: { begunAt: Date; deadlineAt: Date | null },
): Promise<void> {
  await db
    .update(userTests)
    .set({ ...clock, leaveRequestedAt: null })
    .where(
      and(
        eq(userTests.id, id),
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        isNull(userTests.begunAt),
      ),
    );
}

/**
 * The student's attempts in progress, the latest first: not those whose submit is acknowledged
 * and being scored (they have ended), and a scheduled ensayo's, prepared ahead, from its start on.
 */
export async function listRunning(db: DbOrTx, userId: number, now: Date) {
  return db
    .select({
      id: userTests.id,
      subjectId: userTests.subjectId,
      subjectName: subjects.name,
      type: userTests.type,
      mode: userTests.mode,
      startedAt: userTests.startedAt,
      begunAt: userTests.begunAt,
      deadlineAt: userTests.deadlineAt,
      leaveRequestedAt: userTests.leaveRequestedAt,
      scheduledExamId: userTests.scheduledExamId,
    })
    .from(userTests)
    .innerJoin(subjects, eq(subjects.id, userTests.subjectId))
    .where(
      and(
        eq(userTests.userId, userId),
        eq(userTests.status, 'in_progress'),
        isNull(userTests.submitRequestedAt),
        or(isNull(userTests.scheduledExamId), lte(userTests.begunAt, now)),
      ),
    )
    .orderBy(desc(userTests.startedAt), desc(userTests.id));
}
