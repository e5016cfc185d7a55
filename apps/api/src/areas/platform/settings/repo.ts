import { FeedbackBuilderValue } from '@ensaya/core/contracts/admin';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { settings } from '../../../db/schema/index.ts';

export async function findSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

/** The stored questionnaire; a value that no longer fits the schema reads as empty. */
export async function findFeedbackBuilder(db: DbOrTx) {
  const parsed = FeedbackBuilderValue.safeParse(await findSetting(db, 'feedback_builder'));
  return parsed.success ? parsed.data : [];
}

export async function saveSetting(db: DbOrTx, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
