import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { settings } from '../../../db/schema/index.ts';

// The development clock's offset, kept in `settings` so every instance moves together.

const CLOCK_KEY = 'dev_clock_offset_ms';

export async function readClockOffset(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(settings).where(eq(settings.key, CLOCK_KEY)).limit(1);
  return typeof row?.value === 'number' ? row.value : 0;
}

export async function saveClockOffset(db: DbOrTx, offsetMs: number) {
  await db
    .insert(settings)
    .values({ key: CLOCK_KEY, value: offsetMs })
    .onConflictDoUpdate({ target: settings.key, set: { value: offsetMs, updatedAt: new Date() } });
}
