import { ACCESS_UNTIL_END_STATUSES } from '@ensaya/core/subscriptions/access';
import { and, eq, gte, inArray, or, sql, type Column } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  userSubscriptions,
  userSubscriptionSubjects,
  userTests,
} from '../../../db/schema/index.ts';

// Access in SQL: the subjects a student may take tests in today, and the conditions other
// repositories read within their own queries (access to a subject, an attempt's clock having
// begun). access.ts decides from what these read.

/**
 * The subjects a student may take tests in, each with the subscription that gives access: Active,
 * or Trial and Pause with an end date not past (spec 000 section 4, spec 001 section 2, docs/architecture.md
 * "A trial gives access"). The SQL mirrors core's `hasAccess`.
 */
export async function subjectsWithAccess(
  db: DbOrTx,
  userId: number,
  now: Date,
  subjectIds?: ReadonlyArray<number>,
): Promise<Map<number, number>> {
  const rows = await db
    .select({
      subjectId: userSubscriptionSubjects.subjectId,
      subscriptionId: userSubscriptions.id,
    })
    .from(userSubscriptions)
    .innerJoin(
      userSubscriptionSubjects,
      eq(userSubscriptionSubjects.userSubscriptionId, userSubscriptions.id),
    )
    .where(accessCondition(userId, now, subjectIds));
  return new Map(rows.map((row) => [row.subjectId, row.subscriptionId]));
}

/** The subscriptions that give access now, whoever holds them (`user_subscriptions` rows). */
export function givesAccessNow(now: Date) {
  return or(
    eq(userSubscriptions.status, 'Active'),
    and(
      inArray(userSubscriptions.status, [...ACCESS_UNTIL_END_STATUSES]),
      gte(userSubscriptions.subscriptionEnd, now),
    ),
  );
}

/** The filter of the subscriptions (joined to their subjects) that give the student access now. */
function accessCondition(userId: number, now: Date, subjectIds?: ReadonlyArray<number>) {
  return and(
    eq(userSubscriptions.userId, userId),
    givesAccessNow(now),
    subjectIds ? inArray(userSubscriptionSubjects.subjectId, [...subjectIds]) : undefined,
  );
}

/**
 * `exists (...)`: whether the student has access now to the subject a column of the outer query
 * names (`scheduled_exams.subject_id`), to read within that query.
 */
export function hasAccessToSubjectOfSql(
  db: DbOrTx,
  userId: number,
  subjectColumn: Column,
  now: Date,
) {
  return sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(userSubscriptions)
    .innerJoin(
      userSubscriptionSubjects,
      eq(userSubscriptionSubjects.userSubscriptionId, userSubscriptions.id),
    )
    .where(
      and(accessCondition(userId, now), eq(userSubscriptionSubjects.subjectId, subjectColumn)),
    )})`;
}

/** `exists (...)`: whether the student has access to the subject now, to read within a query. */
export function hasSubjectAccessSql(db: DbOrTx, userId: number, subjectId: number, now: Date) {
  return sql<boolean>`exists (${db
    .select({ one: sql`1` })
    .from(userSubscriptions)
    .innerJoin(
      userSubscriptionSubjects,
      eq(userSubscriptionSubjects.userSubscriptionId, userSubscriptions.id),
    )
    .where(accessCondition(userId, now, [subjectId]))})`;
}

/**
 * An attempt without a clock (`configuration.seconds` null or absent): nothing to gain by reading
 * or answering during the instructions, so it needs no begin before its content and answers.
 */
export const isUntimedSql = sql<boolean>`coalesce(${userTests.configuration} -> 'seconds', 'null'::jsonb) = 'null'::jsonb`;

/**
 * Whether the attempt's clock runs at `now`: it has begun (a scheduled ensayo's attempt is begun at
 * the ensayo's start, before it comes), or it has no clock.
 */
export const hasBegunSql = (now: Date) =>
  sql<boolean>`((${userTests.begunAt} is not null and (${userTests.scheduledExamId} is null
    or ${userTests.begunAt} <= ${now.toISOString()}::timestamptz)) or ${isUntimedSql})`;

/**
 * What deciding whether the student may read one of their attempts' content now needs, in one
 * indexed query: the attempt's status (none when it is not theirs), whether it has begun (or has no
 * clock) and whether its subject is open to them (the same rule as a start).
 */
export async function findContentAccess(db: DbOrTx, userId: number, attemptId: number, now: Date) {
  const [row] = await db
    .select({
      status: userTests.status,
      hasBegun: hasBegunSql(now),
      hasAccess: hasAccessToSubjectOfSql(db, userId, userTests.subjectId, now),
    })
    .from(userTests)
    .where(and(eq(userTests.id, attemptId), eq(userTests.userId, userId)))
    .prepare('attempt-content-access')
    .execute();
  return row;
}
