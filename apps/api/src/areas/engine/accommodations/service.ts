import type {
  AdminUser,
  AdminUserPatch,
  AdminUserQuery,
  ReadingSettings,
  ReadingSettingsRequest,
} from '@ensaya/core/contracts/accommodations';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { notFound, unauthenticated } from '../../../lib/app-error.ts';
import { pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import * as repo from './repo.ts';

// Accessibility settings: the student's reading settings, kept on the server so
// that every device shows the same, and the extra time an admin grants (read at every start).

const presentSettings = (row: repo.SettingsRow): ReadingSettings => ({
  text_size: row.textSize,
  high_contrast: row.highContrast,
  extra_time_percent: row.extraTimePercent,
});

/** `GET api/me/reading-settings`. */
export async function getReadingSettings(db: DbOrTx, userId: number): Promise<ReadingSettings> {
  const row = await repo.findSettings(db, userId);
  if (!row) throw unauthenticated();
  return presentSettings(row);
}

/** `PUT api/me/reading-settings`: both settings at once (validated by the contract). */
export async function saveReadingSettings(
  db: DbOrTx,
  userId: number,
  body: ReadingSettingsRequest,
): Promise<ReadingSettings> {
  const row = await repo.updateSettings(db, userId, {
    textSize: body.text_size,
    highContrast: body.high_contrast,
  });
  if (!row) throw unauthenticated();
  return presentSettings(row);
}

// --- Back office ---

const presentUser = (row: repo.AdminRow): AdminUser => ({
  id: row.id,
  name: row.name,
  last_name: row.lastName,
  email: row.email,
  role: row.role,
  extra_time_percent: row.extraTimePercent,
});

/** `GET api/admin/users`: by e-mail or name, a page at a time. */
export async function listUsers(db: Db, query: AdminUserQuery) {
  const { rows, total } = await repo.listUserRows(db, { ...pageOf(query), search: query.search });
  return { data: rows.map(presentUser), meta: pageMeta(query, total) };
}

export async function getUser(db: DbOrTx, id: number): Promise<AdminUser> {
  const row = await repo.findUser(db, id);
  if (!row) throw notFound();
  return presentUser(row);
}

/**
 * `PATCH api/admin/users/{id}`: the extra-time profile. Returns the user before and after, so the
 * route can write the change to the log (who changed whose accommodation, from what to what).
 */
export async function updateUserAccommodation(
  db: Db,
  id: number,
  body: AdminUserPatch,
): Promise<{ before: AdminUser; after: AdminUser }> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    const row = await repo.updateExtraTime(tx, id, body.extra_time_percent);
    if (!row) throw notFound();
    return { before, after: presentUser(row) };
  });
}
