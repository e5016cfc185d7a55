import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { contexts, stemChoices, stems } from '../../../db/schema/index.ts';

// The reads behind an attempt's content body (attempt-content.ts): the stems' content versions,
// which name the fragments, and the statements, choices and contexts of the fragments not cached.

/** What names a question's fragment: its id, content version and context. */
const HEAD = { id: stems.id, version: stems.contentVersion, contextId: stems.contextId };

/** The stems' heads, by id (through the primary key). */
export function listHeads(db: DbOrTx, stemIds: number[]) {
  return db.select(HEAD).from(stems).where(inArray(stems.id, stemIds)).orderBy(asc(stems.id));
}

/**
 * The heads of every stem of the subject, active or not (the bank's count and version are over
 * all of them; the body holds the active ones).
 */
export function listBankHeads(db: DbOrTx, subjectId: number) {
  return db
    .select({ ...HEAD, isActive: stems.isActive })
    .from(stems)
    .where(eq(stems.subjectId, subjectId))
    .orderBy(asc(stems.id));
}

/** The statements of the stems (never their keys or solutions). */
export function listStatements(db: DbOrTx, stemIds: number[]) {
  return db
    .select({ id: stems.id, statementHtml: stems.statementHtml, urlSource: stems.urlSource })
    .from(stems)
    .where(inArray(stems.id, stemIds));
}

/** The stems' choices in order, their text only (never which is correct). */
export function listChoiceTexts(db: DbOrTx, stemIds: number[]) {
  return db
    .select({ id: stemChoices.id, stemId: stemChoices.stemId, bodyHtml: stemChoices.bodyHtml })
    .from(stemChoices)
    .where(inArray(stemChoices.stemId, stemIds))
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position));
}

/** The contexts as the content body shows them. */
export function listContextBodies(db: DbOrTx, contextIds: number[]) {
  return db
    .select({ id: contexts.id, title: contexts.title, body_html: contexts.bodyHtml })
    .from(contexts)
    .where(inArray(contexts.id, contextIds));
}
