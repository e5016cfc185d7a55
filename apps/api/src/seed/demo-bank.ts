import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { stems, subjects, themes } from '../db/schema/index.ts';
import { insertBank } from '../areas/content/index.ts';
import { loadDemoBank } from './bank-files.ts';

/**
 * Loads the demo question bank (`content/bank/*.yaml`, read through the JSON importer) into the
 * demo subjects that have no questions yet, through the same rendering pipeline as the back office
 * (KaTeX and sanitizing), numbered 1..n per subject. Subjects that already have questions, or that
 * were renamed, are left alone. A file that cannot be imported stops the seed, naming the file and
 * the question. Returns how many questions were created.
 */
export async function seedDemoBank(db: DbOrTx): Promise<number> {
  let created = 0;
  for (const { file, subject: name, parsed } of loadDemoBank()) {
    const [subject] = await db.select().from(subjects).where(eq(subjects.name, name)).limit(1);
    if (!subject || (await db.$count(stems, eq(stems.subjectId, subject.id))) > 0) continue;
    const themeRows = await db.select().from(themes).where(eq(themes.subjectId, subject.id));
    const themeIds = new Map(themeRows.map((theme) => [theme.name, theme.id]));
    created += await insertBank(db, subject.id, {
      contexts: parsed.contexts,
      questions: parsed.questions.map((question) => {
        const themeId = themeIds.get(question.themeName ?? '');
        if (themeId === undefined)
          throw new Error(
            `${file}: question ${question.index} "${question.statement.slice(0, 60)}": ${name} has no theme "${question.themeName}"`,
          );
        return { ...question, themeId };
      }),
    });
  }
  return created;
}
