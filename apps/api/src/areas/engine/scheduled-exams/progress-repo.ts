import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { scheduledExams } from '../../../db/schema/index.ts';

// The reads of whether a scheduled ensayo is over (core `isScheduledExamOver`): by its clock, or
// early, once joining has closed and everyone who joined has sent. Kept apart from the module's
// repo so that the engine (the attempt's view, its result, the submit) can ask without importing
// the rest (progress.ts).

/**
 * The joined students of the ensayo (the `scheduled_exams` row of the statement) without a sent
 * attempt (none prepared, or one in progress), counted only when it can close the ensayo early:
 * joining has closed and the cohort's figures are not stored yet; null otherwise. At most 1
 * (only whether anyone is left matters): one aggregate that stops at the first row, on the
 * partial indexes of the unprepared participants and of the scheduled attempts in progress.
 */
export function unsentSql(now: Date) {
  return sql<number | null>`case
    when ${scheduledExams.resultsComputedAt} is null and ${scheduledExams.cancelledAt} is null
      and ${scheduledExams.startsAt} + ${scheduledExams.lateJoinMinutes} * interval '1 minute'
        < ${now.toISOString()}::timestamptz
    then (select count(*)::int from (
      select 1 from scheduled_exam_participants u
        where u.scheduled_exam_id = "scheduled_exams"."id" and u.user_test_id is null
      union all
      select 1 from user_tests o
        where o.scheduled_exam_id = "scheduled_exams"."id" and o.status = 'in_progress'
      limit 1) as unsent)
    end`;
}

/** The driver's count (a number or a numeric string) as a number; null stays null. */
export const unsentOf = (value: number | string | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The ensayo's clock, whether its figures are stored, and whether anyone is left to send. */
export async function findKeyHoldRow(db: DbOrTx, scheduledExamId: number, now: Date) {
  const [row] = await db
    .select({
      startsAt: scheduledExams.startsAt,
      durationMinutes: scheduledExams.durationMinutes,
      lateJoinMinutes: scheduledExams.lateJoinMinutes,
      longestExtraTimePercent: scheduledExams.longestExtraTimePercent,
      hasResults: sql<boolean>`${scheduledExams.resultsComputedAt} is not null`,
      unsent: unsentSql(now),
    })
    .from(scheduledExams)
    .where(eq(scheduledExams.id, scheduledExamId))
    .prepare('scheduled-exam-key-hold')
    .execute();
  return row;
}
