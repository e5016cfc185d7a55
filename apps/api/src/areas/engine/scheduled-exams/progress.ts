import { keyWithheldUntil } from '@ensaya/core/engine/scheduled-exam';
import type { DbOrTx } from '../../../db/client.ts';
import { findKeyHoldRow, unsentOf } from './progress-repo.ts';

/**
 * Until when the ensayo keeps the answer key of a sent attempt from its student (the clock's end),
 * or null once it is over. One indexed read of the ensayo's row.
 */
export async function scheduledKeyWithheldUntil(
  db: DbOrTx,
  scheduledExamId: number,
  now: Date,
): Promise<Date | null> {
  const row = await findKeyHoldRow(db, scheduledExamId, now);
  if (!row) return null;
  return keyWithheldUntil({
    now,
    timing: row,
    hasResults: row.hasResults,
    unsent: unsentOf(row.unsent),
  });
}
