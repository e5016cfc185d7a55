import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stems, stemChoices } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createBank } from '../../test/bank-factory.ts';
import { rerenderStoredRichText } from './rerender-stored.ts';

let t: TestApp;
beforeAll(async () => {
  // The renderer version is one setting for the whole database: a database of its own.
  t = await buildTestApp({}, { ownDatabase: true });
});
afterAll(() => t.close());

describe('re-rendering stored rich text', () => {
  it('cleans HTML saved under an older cleaner, once, and keeps formulas', async () => {
    const bank = await createBank(t.db, { perTheme: 1 });
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
