import type { DbOrTx } from '../../../db/client.ts';
import { findContentAccess } from './access-repo.ts';

/** Why an attempt's content may not be read now, or `ok`. */
export type ContentAccess = 'ok' | 'notFound' | 'notBegun' | 'noAccess';

/**
 * Whether the student may read the content of one of their attempts now, in one indexed query: the
 * attempt is theirs and running, has begun when it is timed (its questions are not shown during
 * the instructions), and its subject is open to them (the same rule as a start). A sent attempt
 * carries its content itself, so its key is no longer served.
 */
export async function attemptContentAccess(
  db: DbOrTx,
  userId: number,
  attemptId: number,
  now: Date,
): Promise<ContentAccess> {
  const row = await findContentAccess(db, userId, attemptId, now);
  if (!row || row.status !== 'in_progress') return 'notFound';
  if (!row.hasBegun) return 'notBegun';
  if (!row.hasAccess) return 'noAccess';
  return 'ok';
}
