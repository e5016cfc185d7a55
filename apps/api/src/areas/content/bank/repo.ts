import { and, asc, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  contexts,
  settings,
  stemChoices,
  stems,
  subjects,
  themes,
  userTestStems,
} from '../../../db/schema/index.ts';

// Questions (stems with their choices) and contexts as the content modules read and write them.

export type StemValues = Omit<
  typeof stems.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'contentVersion'
>;
export type ChoiceValues = {
  position: number;
  bodySource: string;
  bodyHtml: string;
  isCorrect: boolean;
};
export type ContextValues = Omit<typeof contexts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type ContextRow = typeof contexts.$inferSelect;

export type QuestionRow = typeof stems.$inferSelect & {
  themeName: string;
  contextTitle: string | null;
  choices: Array<typeof stemChoices.$inferSelect>;
};

/** `%` and `_` in a search term are literal. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findSubject(db: DbOrTx, id: number) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, id)).limit(1);
  return row;
}
export async function findTheme(db: DbOrTx, id: number) {
  const [row] = await db.select().from(themes).where(eq(themes.id, id)).limit(1);
  return row;
}

export function listSubjectThemes(db: DbOrTx, subjectId: number) {
  return db
    .select()
    .from(themes)
    .where(eq(themes.subjectId, subjectId))
    .orderBy(asc(themes.position), asc(themes.id));
}

export async function findContext(db: DbOrTx, id: number): Promise<ContextRow | undefined> {
  const [row] = await db.select().from(contexts).where(eq(contexts.id, id)).limit(1);
  return row;
}

export async function nextStemNumber(db: DbOrTx, subjectId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(stems.stemNumber) })
    .from(stems)
    .where(eq(stems.subjectId, subjectId));
  return (row?.last ?? 0) + 1;
}

/** Inserts questions with their choices (two statements, whatever the number); returns the ids. */
export async function insertQuestions(
  db: DbOrTx,
  questions: Array<{ stem: StemValues; choices: Array<Omit<ChoiceValues, 'position'>> }>,
): Promise<number[]> {
  if (questions.length === 0) return [];
  const rows = await db
    .insert(stems)
    .values(questions.map((question) => question.stem))
    .returning({ id: stems.id });
  await db.insert(stemChoices).values(
    questions.flatMap((question, index) =>
      question.choices.map((choice, position) => ({
        ...choice,
        stemId: rows[index]!.id,
        position: position + 1,
      })),
    ),
  );
  return rows.map((row) => row.id);
}

export async function updateStem(db: DbOrTx, id: number, values: Partial<StemValues>) {
  await db
    .update(stems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stems.id, id));
}

/**
 * Replaces a question's choices position by position: a choice keeps its id (attempts name the
 * picked choices by id), new positions are added and positions past the new count removed.
 */
export async function replaceChoices(
  db: DbOrTx,
  stemId: number,
  choices: Array<Omit<ChoiceValues, 'position'>>,
) {
  const existing = await db.select().from(stemChoices).where(eq(stemChoices.stemId, stemId));
  for (const [index, choice] of choices.entries()) {
    const position = index + 1;
    const current = existing.find((row) => row.position === position);
    if (current) await db.update(stemChoices).set(choice).where(eq(stemChoices.id, current.id));
    else await db.insert(stemChoices).values({ ...choice, stemId, position });
  }
  await db
    .delete(stemChoices)
    .where(and(eq(stemChoices.stemId, stemId), sql`${stemChoices.position} > ${choices.length}`));
}

export async function loadQuestions(db: DbOrTx, ids: number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ stem: stems, themeName: themes.name, contextTitle: contexts.title })
    .from(stems)
    .innerJoin(themes, eq(themes.id, stems.themeId))
    .leftJoin(contexts, eq(contexts.id, stems.contextId))
    .where(inArray(stems.id, ids));
  const choices = await db
    .select()
    .from(stemChoices)
    .where(inArray(stemChoices.stemId, ids))
    .orderBy(asc(stemChoices.stemId), asc(stemChoices.position));
  const byId = new Map(
    rows.map((row) => [
      row.stem.id,
      {
        ...row.stem,
        themeName: row.themeName,
        contextTitle: row.contextTitle,
        choices: choices.filter((choice) => choice.stemId === row.stem.id),
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export type QuestionFilter = {
  subjectId?: number | undefined;
  themeId?: number | undefined;
  contextId?: number | undefined;
  isActive?: boolean | undefined;
  search?: string | undefined;
};

function questionConditions(filter: QuestionFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.subjectId) conditions.push(eq(stems.subjectId, filter.subjectId));
  if (filter.themeId) conditions.push(eq(stems.themeId, filter.themeId));
  if (filter.contextId) conditions.push(eq(stems.contextId, filter.contextId));
  if (filter.isActive !== undefined) conditions.push(eq(stems.isActive, filter.isActive));
  if (filter.search) conditions.push(ilike(stems.statementSource, likePattern(filter.search)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listQuestionIds(
  db: DbOrTx,
  filter: QuestionFilter,
  page: { sort: 'stem_number' | 'id'; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const where = questionConditions(filter);
  const column = page.sort === 'id' ? stems.id : stems.stemNumber;
  const rows = await db
    .select({ id: stems.id })
    .from(stems)
    .where(where)
    .orderBy(page.order === 'desc' ? desc(column) : asc(column), asc(stems.id))
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), total: await db.$count(stems, where) };
}

/** Every question of a subject in bank order, for the export. */
export async function listSubjectQuestionIds(db: DbOrTx, subjectId: number): Promise<number[]> {
  const rows = await db
    .select({ id: stems.id })
    .from(stems)
    .where(eq(stems.subjectId, subjectId))
    .orderBy(asc(stems.stemNumber));
  return rows.map((row) => row.id);
}

export async function isStemUsed(db: DbOrTx, stemId: number): Promise<boolean> {
  const [row] = await db
    .select({ stemId: userTestStems.stemId })
    .from(userTestStems)
    .where(eq(userTestStems.stemId, stemId))
    .limit(1);
  return row !== undefined;
}

export async function deleteStem(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(stems).where(eq(stems.id, id)).returning({ id: stems.id });
  return rows.length > 0;
}

// --- Contexts ---

export async function insertContexts(db: DbOrTx, values: ContextValues[]): Promise<ContextRow[]> {
  if (values.length === 0) return [];
  return db.insert(contexts).values(values).returning();
}

export async function updateContext(db: DbOrTx, id: number, values: Partial<ContextValues>) {
  const [row] = await db
    .update(contexts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contexts.id, id))
    .returning();
  return row;
}

export async function listContexts(
  db: DbOrTx,
  filter: { subjectId?: number | undefined; search?: string | undefined },
  page: { sort: 'id' | 'title'; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  const conditions: SQL[] = [];
  if (filter.subjectId) conditions.push(eq(contexts.subjectId, filter.subjectId));
  if (filter.search) conditions.push(ilike(contexts.title, likePattern(filter.search)));
  const where = conditions.length ? and(...conditions) : undefined;
  const column = page.sort === 'title' ? contexts.title : contexts.id;
  const rows = await db
    .select()
    .from(contexts)
    .where(where)
    .orderBy(page.order === 'desc' ? desc(column) : asc(column), asc(contexts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await db.$count(contexts, where) };
}

export function listSubjectContexts(db: DbOrTx, subjectId: number) {
  return db
    .select()
    .from(contexts)
    .where(eq(contexts.subjectId, subjectId))
    .orderBy(asc(contexts.id));
}

export async function deleteContext(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.delete(contexts).where(eq(contexts.id, id)).returning({ id: contexts.id });
  return rows.length > 0;
}

/** The rich-text fields of one table, in id order from `afterId` (re-rendering stored HTML). */
export type StoredRichText = { id: number; sources: string[]; htmls: string[] };
const RICH_TEXT_TABLES = {
  contexts: { table: contexts, fields: [[contexts.bodySource, contexts.bodyHtml, 'bodyHtml']] },
  stems: {
    table: stems,
    fields: [
      [stems.statementSource, stems.statementHtml, 'statementHtml'],
      [stems.solutionSource, stems.solutionHtml, 'solutionHtml'],
    ],
  },
  stemChoices: {
    table: stemChoices,
    fields: [[stemChoices.bodySource, stemChoices.bodyHtml, 'bodyHtml']],
  },
} as const;
export type RichTextTable = keyof typeof RICH_TEXT_TABLES;

export async function listStoredRichText(
  db: DbOrTx,
  name: RichTextTable,
  afterId: number,
  limit: number,
): Promise<StoredRichText[]> {
  const { table, fields } = RICH_TEXT_TABLES[name];
  const rows = await db
    .select({
      id: table.id,
      sources: sql<string[]>`array[${sql.join(
        fields.map(([source]) => sql`${source}`),
        sql`, `,
      )}]`,
      htmls: sql<string[]>`array[${sql.join(
        fields.map(([, html]) => sql`${html}`),
        sql`, `,
      )}]`,
    })
    .from(table)
    .where(sql`${table.id} > ${afterId}`)
    .orderBy(asc(table.id))
    .limit(limit);
  return rows.map((row) => ({ id: Number(row.id), sources: row.sources, htmls: row.htmls }));
}

/** Whether any context, question or choice is stored. */
export async function hasStoredRichText(db: DbOrTx): Promise<boolean> {
  for (const { table } of Object.values(RICH_TEXT_TABLES)) {
    const [row] = await db.select({ id: table.id }).from(table).limit(1);
    if (row) return true;
  }
  return false;
}

export async function updateStoredRichText(
  db: DbOrTx,
  name: RichTextTable,
  id: number,
  htmls: string[],
) {
  const { table, fields } = RICH_TEXT_TABLES[name];
  const values = Object.fromEntries(fields.map(([, , key], index) => [key, htmls[index]]));
  await db.update(table).set(values).where(eq(table.id, id));
}

export async function findSettingValue(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key));
  return row?.value;
}

export async function saveSettingValue(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
