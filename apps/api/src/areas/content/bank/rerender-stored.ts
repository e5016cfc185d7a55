import type { DbOrTx } from '../../../db/client.ts';
import { renderRichText } from './render-rich-text.ts';
import * as repo from './repo.ts';

/**
 * Bump when the renderer or the cleaner changes what it lets through. Version 2: author HTML keeps
 * no classes or positioning styles, and KaTeX's output is cleaned on its own allow-list.
 * Version 3: a figure's CSS values with escapes or comments, or calling any function but colours,
 * transforms and `url(#id)`, are dropped.
 */
export const RICH_TEXT_RENDERER_VERSION = 3;
const VERSION_KEY = 'rich_text_renderer_version';
const BATCH = 200;

/**
 * Stored HTML is rendered once, when a question is saved; a stricter cleaner must also reach what
 * was saved before it. At start, when the stored version is older, every context, question and
 * choice is rendered again from its source and rows whose HTML changes are updated. Idempotent:
 * instances starting together do the same work and write the same HTML.
 */
export async function rerenderStoredRichText(db: DbOrTx): Promise<{ updated: number }> {
  const stored = Number(await repo.findSettingValue(db, VERSION_KEY)) || 1;
  if (stored >= RICH_TEXT_RENDERER_VERSION) return { updated: 0 };
  let updated = 0;
  for (const table of ['contexts', 'stems', 'stemChoices'] as const) {
    let afterId = 0;
    for (;;) {
      const rows = await repo.listStoredRichText(db, table, afterId, BATCH);
      if (rows.length === 0) break;
      for (const row of rows) {
        const htmls = row.sources.map((source) => renderRichText(source).html);
        if (htmls.some((html, index) => html !== row.htmls[index])) {
          await repo.updateStoredRichText(db, table, row.id, htmls);
          updated += 1;
        }
      }
      afterId = rows[rows.length - 1]!.id;
    }
  }
  await repo.saveSettingValue(db, VERSION_KEY, RICH_TEXT_RENDERER_VERSION);
  return { updated };
}

/**
 * A database holding no rich text yet (a fresh install, before its seed) has nothing rendered by an
 * older cleaner: records the current version, so the first start does not render the seeded bank
 * a second time (every instance of a new deployment would otherwise do it at once).
 */
export async function markRichTextCurrentIfEmpty(db: DbOrTx): Promise<void> {
  if (await repo.hasStoredRichText(db)) return;
  await repo.saveSettingValue(db, VERSION_KEY, RICH_TEXT_RENDERER_VERSION);
}
