import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { stems, subjects, themes } from '../schema/index.ts';
import { insertBank } from '../../modules/content/questions.ts';
import { DEMO_BANK } from './bank/index.ts';

/**
 * Loads the demo question bank into the demo subjects that have no questions yet, through the
 * same rendering pipeline as the back office (KaTeX and sanitizing), numbered 1..n per subject.
 * Subjects that already have questions, or that were renamed, are left alone. Returns how many
 * questions were created.
 */
export async function seedDemoBank(db: DbOrTx): Promise<number> {
  let created = 0;
  for (const bank of DEMO_BANK) {
    const [subject] = await db
      .select()
      .from(subjects)
      .where(eq(subjects.name, bank.subject))
      .limit(1);
    if (!subject || (await db.$count(stems, eq(stems.subjectId, subject.id))) > 0) continue;
    const themeRows = await db.select().from(themes).where(eq(themes.subjectId, subject.id));
    const themeIds = new Map(themeRows.map((theme) => [theme.name, theme.id]));
    created += await insertBank(db, subject.id, {
      contexts: bank.contexts,
      questions: bank.questions.map((question) => {
        const themeId = themeIds.get(question.theme);
        if (themeId === undefined) throw new Error(`${bank.subject}: no theme ${question.theme}`);
        return {
          themeId,
          contextKey: question.context ?? null,
          statement: question.statement,
          solution: question.solution,
          isMultiChoice: question.isMultiChoice ?? false,
          urlSource: question.urlSource ?? null,
          isActive: true,
          choices: question.choices.map((body, index) => ({
            body,
            isCorrect: question.correct.includes(index),
          })),
        };
      }),
    });
  }
  return created;
}
