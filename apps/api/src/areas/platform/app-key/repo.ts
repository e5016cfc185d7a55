import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { settings } from '../../../db/schema/index.ts';

export async function findSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return row?.value;
}

/** Inserts the setting unless the key exists already (another instance may have won the race). */
export async function insertSettingIfAbsent(db: DbOrTx, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}
