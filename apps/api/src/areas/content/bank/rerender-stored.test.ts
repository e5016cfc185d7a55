import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../../seed/index.ts';
import { stems, stemChoices } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createBank } from '../../../test/bank-factory.ts';
import { findSettingValue, saveSettingValue } from './repo.ts';
import { RICH_TEXT_RENDERER_VERSION, rerenderStoredRichText } from './rerender-stored.ts';

let t: TestApp;
beforeAll(async () => {
  // The renderer version is one setting for the whole database: a database of its own.
  t = await buildTestApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

describe('re-rendering stored rich text', () => {
  it('records the current version when a database is seeded before holding any rich text', async () => {
    // buildTestApp seeded this empty database: nothing was ever rendered by an older cleaner.
    expect(Number(await findSettingValue(t.db, 'rich_text_renderer_version'))).toBe(
      RICH_TEXT_RENDERER_VERSION,
    );
  });

  it('cleans HTML saved under an older cleaner, once, and keeps formulas', async () => {
    const bank = await createBank(t.db, { perTheme: 1 });
    // A database from before version 2, whose seed does not mark content it already holds.
    await saveSettingValue(t.db, 'rich_text_renderer_version', 1);
    await seedDatabase(t.db, { demo: false });
    expect(Number(await findSettingValue(t.db, 'rich_text_renderer_version'))).toBe(1);
    const [stem] = bank.bank;
    const attack = '<div class="ant-modal-wrap" style="position:fixed;top:0;left:0">x</div>';
    await t.db
      .update(stems)
      .set({ statementSource: `${attack} \\(x^2\\)`, statementHtml: attack })
      .where(eq(stems.id, stem!.id));
    const [choice] = await t.db.select().from(stemChoices).where(eq(stemChoices.stemId, stem!.id));
    await t.db
      .update(stemChoices)
      .set({ bodyHtml: '<span style="position:absolute">old</span>' })
      .where(eq(stemChoices.id, choice!.id));

    const first = await rerenderStoredRichText(t.db);
    expect(first.updated).toBeGreaterThanOrEqual(2);
    const [cleaned] = await t.db.select().from(stems).where(eq(stems.id, stem!.id));
    // The author's wrapper loses its class and styles; KaTeX keeps its own (relative) positioning.
    expect(cleaned!.statementHtml).not.toMatch(/ant-modal-wrap|position:\s*fixed|left:/);
    expect(cleaned!.statementHtml).toMatch(/^x <span class="katex">/);
    expect(cleaned!.statementHtml).toContain('class="katex"');
    const [choiceAfter] = await t.db
      .select()
      .from(stemChoices)
      .where(eq(stemChoices.id, choice!.id));
    expect(choiceAfter!.bodyHtml).not.toContain('position');

    // The version is recorded: the next start does nothing.
    await t.db.update(stems).set({ statementHtml: attack }).where(eq(stems.id, stem!.id));
    expect(await rerenderStoredRichText(t.db)).toEqual({ updated: 0 });
  });
});
