import { and, asc, eq, sql } from 'drizzle-orm';
import { anyOf, type DbOrTx } from '../../../db/client.ts';
import {
  contexts,
  stemChoices,
  stems,
  subjects,
  themes,
  userTests,
  userTestStems,
  userTestThemes,
} from '../../../db/schema/index.ts';

// The reads of an attempt as its student sees it (attempt-view.ts): the attempt, its questions
// while it runs (state only) and once sent (with content and keys), and its themes.

/** The student's attempt with its subject's name (a named prepared statement: read on every view). */
export async function findAttemptRow(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select({ attempt: userTests, subjectName: subjects.name })
    .from(userTests)
    .innerJoin(subjects, eq(subjects.id, userTests.subjectId))
    .where(and(eq(userTests.id, id), eq(userTests.userId, userId)))
    .prepare('find-attempt')
    .execute();
  return row;
}

/** Cancels a pending leave of the student's running attempt: its page was opened again. */
export async function cancelLeave(db: DbOrTx, userId: number, id: number): Promise<void> {
  await db
    .update(userTests)
    .set({ leaveRequestedAt: null })
    .where(
      and(eq(userTests.id, id), eq(userTests.userId, userId), eq(userTests.status, 'in_progress')),
    );
}

/** The choices of the stems (ids, keys; the text only when asked), in the bank's order. */
export function listChoices(db: DbOrTx, stemIds: number[], withText: boolean) {
  return db
    .select({
      id: stemChoices.id,
      stemId: stemChoices.stemId,
      isCorrect: stemChoices.isCorrect,
      bodyHtml: withText ? stemChoices.bodyHtml : sql<string | null>`null`,
    })
    .from(stemChoices)
    .where(anyOf(stemChoices.stemId, stemIds))
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position))
    .prepare(withText ? 'choices-with-text' : 'choices')
    .execute();
}

/** What both views read of each question of the attempt: its place, theme and the answer's state. */
const QUESTION_STATE = {
  position: userTestStems.position,
  stemId: userTestStems.stemId,
  themeId: userTestStems.themeId,
  themeName: themes.name,
  chosen: userTestStems.chosenChoiceIds,
  choiceOrder: userTestStems.choiceOrder,
  isMarked: userTestStems.isMarked,
  isCorrect: userTestStems.isCorrect,
  seq: userTestStems.clientSeq,
};

/**
 * A running attempt's questions in order: their state, their stems' versions and the subject's
 * bank (what names the content), study mode's revealed solutions, and each question's choices
 * in the bank's order (ids and keys); no statement or choice text.
 */
export function listRunningQuestions(db: DbOrTx, userId: number, id: number, subjectId: number) {
  return db
    .select({
      ...QUESTION_STATE,
      revealedAt: userTestStems.revealedAt,
      stemNumber: stems.stemNumber,
      contentVersion: stems.contentVersion,
      isActive: stems.isActive,
      bank: bankSql(subjectId),
      // Read only for study mode's revealed questions.
      solutionHtml: sql<
        string | null
      >`case when ${userTestStems.revealedAt} is not null then ${stems.solutionHtml} end`,
      isMultiChoice: stems.isMultiChoice,
      // The question's choices in the bank's order, ids and keys, in the same query.
      choiceIds: sql<number[]>`(select array_agg(c.id order by c.position)
        from ${stemChoices} c where c.stem_id = ${userTestStems.stemId})`,
      choiceKeys: sql<boolean[]>`(select array_agg(c.is_correct order by c.position)
        from ${stemChoices} c where c.stem_id = ${userTestStems.stemId})`,
    })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .innerJoin(themes, eq(themes.id, userTestStems.themeId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)))
    .orderBy(asc(userTestStems.position))
    .prepare('running-questions')
    .execute();
}

/** A running attempt's stems' versions and its subject's bank, no question state. */
export function listContentVersions(db: DbOrTx, userId: number, id: number, subjectId: number) {
  return db
    .select({
      stemId: userTestStems.stemId,
      contentVersion: stems.contentVersion,
      isActive: stems.isActive,
      bank: bankSql(subjectId),
    })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)))
    .prepare('attempt-content-versions')
    .execute();
}

/**
 * The subject's bank (all its stems, the active ones, the largest version), computed once for the
 * statement (an uncorrelated subquery), to name the content by the whole bank.
 */
const bankSql = (subjectId: number) =>
  sql<string[]>`(select array[count(*), count(*) filter (where b.is_active),
    coalesce(max(b.content_version), 0)] from stems b where b.subject_id = ${subjectId})`;

/**
 * A sent attempt's questions in order with their content and context; the solution only
 * `withKey` (else empty).
 */
export function listSentQuestions(db: DbOrTx, userId: number, id: number, withKey: boolean) {
  return db
    .select({
      ...QUESTION_STATE,
      stemNumber: stems.stemNumber,
      statementHtml: stems.statementHtml,
      solutionHtml: withKey ? stems.solutionHtml : sql<string>`''`,
      isMultiChoice: stems.isMultiChoice,
      urlSource: stems.urlSource,
      contextId: contexts.id,
      contextTitle: contexts.title,
      contextBody: contexts.bodyHtml,
    })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .innerJoin(themes, eq(themes.id, userTestStems.themeId))
    .leftJoin(contexts, eq(contexts.id, stems.contextId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)))
    .orderBy(asc(userTestStems.position));
}

/** A sent attempt's per-theme counts, in the subject's theme order. */
export function listThemeCounts(db: DbOrTx, userId: number, id: number) {
  return db
    .select({
      theme_id: userTestThemes.themeId,
      name: themes.name,
      correct: userTestThemes.correct,
      incorrect: userTestThemes.incorrect,
      unanswered: userTestThemes.unanswered,
    })
    .from(userTestThemes)
    .innerJoin(themes, eq(themes.id, userTestThemes.themeId))
    .where(and(eq(userTestThemes.userTestId, id), eq(userTestThemes.userId, userId)))
    .orderBy(asc(themes.position), asc(themes.id));
}

/** A running attempt's questions' themes (one row a question). */
export function listQuestionThemes(db: DbOrTx, userId: number, id: number) {
  return db
    .select({
      themeId: userTestStems.themeId,
      name: themes.name,
      answered: userTestStems.answeredAt,
    })
    .from(userTestStems)
    .innerJoin(themes, eq(themes.id, userTestStems.themeId))
    .where(and(eq(userTestStems.userTestId, id), eq(userTestStems.userId, userId)));
}
