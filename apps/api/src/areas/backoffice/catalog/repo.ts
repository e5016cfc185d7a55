import { and, asc, count, desc, eq, ilike, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  gradeTables,
  periodThemes,
  periods,
  standardTests,
  stems,
  subjects,
  themes,
} from '../../../db/schema/index.ts';
import { likePattern } from '../../content/index.ts';

// Standard tests, subjects, periods with their theme weights, themes and grade tables.

export type Page = { order: 'asc' | 'desc'; limit: number; offset: number };

/** One page of a table's rows and the count of all that match. */
export async function listPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  sortColumn: AnyColumn,
  idColumn: AnyColumn,
  page: Page,
) {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(page.order === 'desc' ? desc(sortColumn) : asc(sortColumn), asc(idColumn))
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows as T['$inferSelect'][], total: await db.$count(table, where) };
}

export const whereAll = (...conditions: Array<SQL | undefined | false>) => {
  const present = conditions.filter((condition): condition is SQL => Boolean(condition));
  return present.length ? and(...present) : undefined;
};
export const nameLike = (column: AnyColumn, search: string | undefined) =>
  search ? ilike(column, likePattern(search)) : undefined;

// --- Standard tests ---
export type StandardTestRow = typeof standardTests.$inferSelect;
export async function findStandardTest(db: DbOrTx, id: number) {
  const [row] = await db.select().from(standardTests).where(eq(standardTests.id, id)).limit(1);
  return row;
}
export async function updateStandardTest(db: DbOrTx, id: number, values: Partial<StandardTestRow>) {
  const [row] = await db
    .update(standardTests)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(standardTests.id, id))
    .returning();
  return row;
}

// --- Subjects ---
export type SubjectRow = typeof subjects.$inferSelect;
export async function insertSubject(db: DbOrTx, values: typeof subjects.$inferInsert) {
  const [row] = await db.insert(subjects).values(values).returning();
  return row!;
}
export async function updateSubject(db: DbOrTx, id: number, values: Partial<SubjectRow>) {
  const [row] = await db
    .update(subjects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subjects.id, id))
    .returning();
  return row;
}
export async function deleteSubject(db: DbOrTx, id: number) {
  return (await db.delete(subjects).where(eq(subjects.id, id)).returning()).length > 0;
}

// --- Periods ---
export type PeriodRow = typeof periods.$inferSelect;
export async function findPeriod(db: DbOrTx, id: number) {
  const [row] = await db.select().from(periods).where(eq(periods.id, id)).limit(1);
  return row;
}
/** A subject has one current period: making one current makes the others not. */
export async function clearCurrentPeriod(db: DbOrTx, subjectId: number) {
  await db
    .update(periods)
    .set({ isCurrent: false, updatedAt: new Date() })
    .where(and(eq(periods.subjectId, subjectId), eq(periods.isCurrent, true)));
}
export async function insertPeriod(db: DbOrTx, values: typeof periods.$inferInsert) {
  const [row] = await db.insert(periods).values(values).returning();
  return row!;
}
export async function updatePeriod(db: DbOrTx, id: number, values: Partial<PeriodRow>) {
  const [row] = await db
    .update(periods)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(periods.id, id))
    .returning();
  return row;
}
export async function deletePeriod(db: DbOrTx, id: number) {
  return (await db.delete(periods).where(eq(periods.id, id)).returning()).length > 0;
}

/** Every theme of the period's subject with its weight in the period (0 when unset). */
export async function listPeriodWeights(db: DbOrTx, period: PeriodRow) {
  const rows = await db
    .select({
      themeId: themes.id,
      themeName: themes.name,
      weight: periodThemes.weight,
      isElective: themes.isElective,
    })
    .from(themes)
    .leftJoin(
      periodThemes,
      and(eq(periodThemes.themeId, themes.id), eq(periodThemes.periodId, period.id)),
    )
    .where(eq(themes.subjectId, period.subjectId))
    .orderBy(asc(themes.position), asc(themes.id));
  return rows.map((row) => ({ ...row, weight: row.weight ?? 0 }));
}
export async function replacePeriodWeights(
  db: DbOrTx,
  periodId: number,
  weights: Array<{ themeId: number; weight: number }>,
) {
  await db.delete(periodThemes).where(eq(periodThemes.periodId, periodId));
  const kept = weights.filter((entry) => entry.weight > 0);
  if (kept.length)
    await db.insert(periodThemes).values(kept.map((entry) => ({ ...entry, periodId })));
}

// --- Themes ---
export type ThemeRow = typeof themes.$inferSelect;
export async function findThemesOf(db: DbOrTx, subjectId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: themes.id, isElective: themes.isElective })
    .from(themes)
    .where(and(eq(themes.subjectId, subjectId), inArray(themes.id, ids)));
}
export async function questionCounts(db: DbOrTx, themeIds: number[]) {
  if (themeIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ themeId: stems.themeId, count: count() })
    .from(stems)
    .where(inArray(stems.themeId, themeIds))
    .groupBy(stems.themeId);
  return new Map(rows.map((row) => [row.themeId, row.count]));
}
export async function findTheme(db: DbOrTx, id: number) {
  const [row] = await db.select().from(themes).where(eq(themes.id, id)).limit(1);
  return row;
}
export async function insertTheme(db: DbOrTx, values: typeof themes.$inferInsert) {
  const [row] = await db.insert(themes).values(values).returning();
  return row!;
}
export async function updateTheme(db: DbOrTx, id: number, values: Partial<ThemeRow>) {
  const [row] = await db
    .update(themes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(themes.id, id))
    .returning();
  return row;
}
export async function deleteTheme(db: DbOrTx, id: number) {
  return (await db.delete(themes).where(eq(themes.id, id)).returning()).length > 0;
}

// --- Grade tables ---
export function listGrades(db: DbOrTx, subjectId: number) {
  return db
    .select({ goodAnswersQuantity: gradeTables.goodAnswersQuantity, grade: gradeTables.grade })
    .from(gradeTables)
    .where(eq(gradeTables.subjectId, subjectId))
    .orderBy(asc(gradeTables.goodAnswersQuantity));
}
export async function replaceGrades(
  db: DbOrTx,
  subjectId: number,
  rows: Array<{ goodAnswersQuantity: number; grade: number }>,
) {
  await db.delete(gradeTables).where(eq(gradeTables.subjectId, subjectId));
  if (rows.length) await db.insert(gradeTables).values(rows.map((row) => ({ ...row, subjectId })));
}

// --- Lists ---
type ListArgs<S> = { search?: string | undefined; sort: S; page: Page };

export function listStandardTests(db: DbOrTx, { search, sort, page }: ListArgs<'id' | 'name'>) {
  const where = nameLike(standardTests.name, search);
  return listPage(db, standardTests, where, standardTests[sort], standardTests.id, page);
}

export function listSubjects(
  db: DbOrTx,
  {
    search,
    sort,
    page,
    standardTestId,
  }: ListArgs<'position' | 'id' | 'name'> & { standardTestId?: number | undefined },
) {
  const where = whereAll(
    nameLike(subjects.name, search),
    standardTestId !== undefined && eq(subjects.standardTestId, standardTestId),
  );
  return listPage(db, subjects, where, subjects[sort], subjects.id, page);
}

export function listPeriods(
  db: DbOrTx,
  { search, sort, page, subjectId }: ListArgs<'id' | 'name'> & { subjectId?: number | undefined },
) {
  const where = whereAll(
    nameLike(periods.name, search),
    subjectId !== undefined && eq(periods.subjectId, subjectId),
  );
  return listPage(db, periods, where, periods[sort], periods.id, page);
}

export function listThemes(
  db: DbOrTx,
  {
    search,
    sort,
    page,
    subjectId,
  }: ListArgs<'position' | 'id' | 'name'> & { subjectId?: number | undefined },
) {
  const where = whereAll(
    nameLike(themes.name, search),
    subjectId !== undefined && eq(themes.subjectId, subjectId),
  );
  return listPage(db, themes, where, themes[sort], themes.id, page);
}
