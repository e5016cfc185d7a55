import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  itemChoiceStats,
  itemStats,
  periods,
  stemChoices,
  stemCorrectionRequests,
  stems,
  themes,
} from '../../../db/schema/index.ts';

// The item analysis pages' reads (service.ts): a period's aggregate rows (item_stats,
// item_choice_stats, kept by the job in item-stats-repo.ts) and its subject's questions, choices
// and comments. Each is bounded by the bank's size, whatever the number of attempts.

export type StatsRow = typeof itemStats.$inferSelect;

export async function findPeriod(db: Db, periodId: number) {
  const [period] = await db
    .select({ id: periods.id, subjectId: periods.subjectId })
    .from(periods)
    .where(eq(periods.id, periodId));
  return period;
}

/** Every question of the subject (active or not) with its theme's name and statement source. */
export function listSubjectStems(db: Db, subjectId: number) {
  return db
    .select({
      id: stems.id,
      stemNumber: stems.stemNumber,
      themeName: themes.name,
      statementSource: stems.statementSource,
      isActive: stems.isActive,
    })
    .from(stems)
    .innerJoin(themes, eq(themes.id, stems.themeId))
    .where(eq(stems.subjectId, subjectId));
}

/** The period's figures, a row per question that was in a counted attempt. */
export function listPeriodStats(db: Db, periodId: number) {
  return db.select().from(itemStats).where(eq(itemStats.periodId, periodId));
}

/** The choices of the subject's questions (ids, positions, keys), by question and position. */
export function listSubjectChoices(db: Db, subjectId: number) {
  return db
    .select({
      id: stemChoices.id,
      stemId: stemChoices.stemId,
      position: stemChoices.position,
      isCorrect: stemChoices.isCorrect,
    })
    .from(stemChoices)
    .innerJoin(stems, eq(stems.id, stemChoices.stemId))
    .where(eq(stems.subjectId, subjectId))
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position));
}

/** How often each choice was chosen in the period. */
export function listPeriodChoiceCounts(db: Db, periodId: number) {
  return db
    .select({ choiceId: itemChoiceStats.choiceId, chosen: itemChoiceStats.chosen })
    .from(itemChoiceStats)
    .where(eq(itemChoiceStats.periodId, periodId));
}

/** The number of students' comments on each question of the subject. */
export function countCommentsByStem(db: Db, subjectId: number) {
  return db
    .select({ stemId: stemCorrectionRequests.stemId, n: sql<number>`count(*)::int` })
    .from(stemCorrectionRequests)
    .where(eq(stemCorrectionRequests.subjectId, subjectId))
    .groupBy(stemCorrectionRequests.stemId);
}

/** The question, when it is of the subject, with its statement (source and HTML). */
export async function findSubjectStem(db: Db, stemId: number, subjectId: number) {
  const [stem] = await db
    .select({
      id: stems.id,
      stemNumber: stems.stemNumber,
      themeName: themes.name,
      statementSource: stems.statementSource,
      statementHtml: stems.statementHtml,
      isActive: stems.isActive,
    })
    .from(stems)
    .innerJoin(themes, eq(themes.id, stems.themeId))
    .where(and(eq(stems.id, stemId), eq(stems.subjectId, subjectId)));
  return stem;
}

/** The question's figures in the period (no row: never in a counted attempt). */
export function listStemStats(db: Db, periodId: number, stemId: number) {
  return db
    .select()
    .from(itemStats)
    .where(and(eq(itemStats.periodId, periodId), eq(itemStats.stemId, stemId)));
}

/** The question's choices in order, with their text. */
export function listStemChoices(db: Db, stemId: number) {
  return db
    .select({
      id: stemChoices.id,
      stemId: stemChoices.stemId,
      position: stemChoices.position,
      isCorrect: stemChoices.isCorrect,
      bodyHtml: stemChoices.bodyHtml,
    })
    .from(stemChoices)
    .where(eq(stemChoices.stemId, stemId))
    .orderBy(asc(stemChoices.position));
}

/** How often each of the question's choices was chosen in the period. */
export function listStemChoiceCounts(db: Db, periodId: number, stemId: number) {
  return db
    .select({ choiceId: itemChoiceStats.choiceId, chosen: itemChoiceStats.chosen })
    .from(itemChoiceStats)
    .where(and(eq(itemChoiceStats.periodId, periodId), eq(itemChoiceStats.stemId, stemId)));
}

/** The students' comments on the question, the latest first. */
export function listStemComments(db: Db, stemId: number) {
  return db
    .select({
      id: stemCorrectionRequests.id,
      comment: stemCorrectionRequests.comment,
      createdAt: stemCorrectionRequests.createdAt,
      resolvedAt: stemCorrectionRequests.resolvedAt,
    })
    .from(stemCorrectionRequests)
    .where(eq(stemCorrectionRequests.stemId, stemId))
    .orderBy(desc(stemCorrectionRequests.createdAt), desc(stemCorrectionRequests.id));
}
