import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contexts, itemStats, stemChoices, stems } from '../../../db/schema/index.ts';

// The reads of a mock exam's bank (mock-exam-bank.ts): the subject's active questions with their
// answers so far, and the stored sources their clone families are found from.

/**
 * The subject's active questions in bank order, each with its authored difficulty, its content
 * version and its answers and correct ones in item_stats over all periods (what the measured
 * difficulty is made of).
 */
export function listActiveStems(db: DbOrTx, subjectId: number) {
  return db
    .select({
      id: stems.id,
      themeId: stems.themeId,
      contextId: stems.contextId,
      stemNumber: stems.stemNumber,
      difficulty: stems.difficulty,
      contentVersion: stems.contentVersion,
      answers: sql<number>`coalesce((
        select sum(${itemStats.attempts}) from ${itemStats} where ${itemStats.stemId} = ${stems.id}
      ), 0)`.mapWith(Number),
      correct: sql<number>`coalesce((
        select sum(${itemStats.correct}) from ${itemStats} where ${itemStats.stemId} = ${stems.id}
      ), 0)`.mapWith(Number),
    })
    .from(stems)
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber))
    .prepare('mock-exam-bank')
    .execute();
}

/** The statement and context sources of the subject's active questions, in bank order. */
export function listStemSources(db: DbOrTx, subjectId: number) {
  return db
    .select({
      id: stems.id,
      statement: stems.statementSource,
      contextId: stems.contextId,
      context: contexts.bodySource,
    })
    .from(stems)
    .leftJoin(contexts, eq(contexts.id, stems.contextId))
    .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true)))
    .orderBy(asc(stems.stemNumber));
}

/** The choice sources of the subject's active questions, by question and position. */
export function listChoiceSources(db: DbOrTx, subjectId: number) {
  return db
    .select({ stemId: stemChoices.stemId, body: stemChoices.bodySource })
    .from(stemChoices)
    .where(
      inArray(
        stemChoices.stemId,
        db
          .select({ id: stems.id })
          .from(stems)
          .where(and(eq(stems.subjectId, subjectId), eq(stems.isActive, true))),
      ),
    )
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position));
}
