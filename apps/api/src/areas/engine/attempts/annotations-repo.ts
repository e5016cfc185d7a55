import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  stemChoices,
  stems,
  userTestAnnotations,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { hasBegunSql } from '../../sales/index.ts';

// The queries of an attempt's paper tools (annotations.ts).

/** The student's attempt with its stored annotations (null fields when none are stored yet). */
export async function findAttemptAnnotations(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({
      strikes: userTestAnnotations.strikes,
      highlights: userTestAnnotations.highlights,
      seq: userTestAnnotations.clientSeq,
      attemptId: userTests.id,
    })
    .from(userTests)
    .leftJoin(
      userTestAnnotations,
      and(
        eq(userTestAnnotations.userTestId, userTests.id),
        eq(userTestAnnotations.userId, userTests.userId),
      ),
    )
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)));
  return row;
}

/**
 * The student's attempt, share-locked (a submit waits for the save, and a save after a submit sees
 * it sent): its status, deadline and whether its clock has begun.
 */
export async function lockAttempt(db: DbOrTx, userId: number, id: number, now: Date) {
  const [attempt] = await db
    .select({
      status: userTests.status,
      deadlineAt: userTests.deadlineAt,
      hasBegun: hasBegunSql(now),
    })
    .from(userTests)
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
    .for('share');
  return attempt;
}

/** The attempt's questions with their contexts. */
export async function attemptQuestions(db: DbOrTx, userId: number, id: number) {
  return db
    .select({ stemId: userTestStems.stemId, contextId: stems.contextId })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)));
}

/** The choices of these questions, each with its question. */
export async function choicesOfStems(db: DbOrTx, stemIds: number[]) {
  if (stemIds.length === 0) return [];
  return db
    .select({ id: stemChoices.id, stemId: stemChoices.stemId })
    .from(stemChoices)
    .where(inArray(stemChoices.stemId, stemIds));
}

/** Writes the whole state when its `seq` is newer than the stored one; whether it was written. */
export async function upsertAnnotations(
  db: DbOrTx,
  row: {
    userTestId: number;
    userId: number;
    strikes: unknown;
    highlights: unknown;
    clientSeq: number;
    updatedAt: Date;
  },
): Promise<boolean> {
  const written = await db
    .insert(userTestAnnotations)
    .values(row)
    .onConflictDoUpdate({
      target: userTestAnnotations.userTestId,
      set: {
        strikes: sql`excluded.strikes`,
        highlights: sql`excluded.highlights`,
        clientSeq: sql`excluded.client_seq`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${userTestAnnotations.clientSeq} < excluded.client_seq`,
    })
    .returning({ seq: userTestAnnotations.clientSeq });
  return written.length > 0;
}
