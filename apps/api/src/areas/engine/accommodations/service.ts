import { asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type {
  AdminUser,
  AdminUserPatch,
  AdminUserQuery,
  ReadingSettings,
  ReadingSettingsRequest,
} from '@ensaya/core/contracts/accommodations';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { notFound, unauthenticated } from '../../../lib/app-error.ts';
import { pageMeta, pageOf } from '../../../lib/admin-pages.ts';
import { likePattern } from '../../content/index.ts';

// Accessibility settings: the student's reading settings, kept on the server so
// that every device shows the same, and the extra time an admin grants (read at every start).

const settingsColumns = {
  textSize: users.textSize,
  highContrast: users.highContrast,
  extraTimePercent: users.extraTimePercent,
};

type SettingsRow = { textSize: number; highContrast: boolean; extraTimePercent: number };

const presentSettings = (row: SettingsRow): ReadingSettings => ({
  text_size: row.textSize,
  high_contrast: row.highContrast,
  extra_time_percent: row.extraTimePercent,
});

/** `GET api/me/reading-settings`. */
export async function getReadingSettings(db: DbOrTx, userId: number): Promise<ReadingSettings> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  if (!row) throw unauthenticated();
  return presentSettings(row);
}

/** `PUT api/me/reading-settings`: both settings at once (validated by the contract). */
export async function saveReadingSettings(
  db: DbOrTx,
  userId: number,
  body: ReadingSettingsRequest,
): Promise<ReadingSettings> {
  const [row] = await db
    .update(users)
    .set({ textSize: body.text_size, highContrast: body.high_contrast, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  if (!row) throw unauthenticated();
  return presentSettings(row);
}

// --- Back office ---

const adminColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  extraTimePercent: users.extraTimePercent,
};
type AdminRow = { [K in keyof typeof adminColumns]: (typeof users.$inferSelect)[K] };

const presentUser = (row: AdminRow): AdminUser => ({
  id: row.id,
  name: row.name,
  last_name: row.lastName,
  email: row.email,
  role: row.role,
  extra_time_percent: row.extraTimePercent,
});

const SORT_COLUMNS = { id: users.id, email: users.email, last_name: users.lastName };

/** `GET api/admin/users`: by e-mail or name, a page at a time. */
export async function listUsers(db: Db, query: AdminUserQuery) {
  const page = pageOf(query);
  let where: SQL | undefined;
  if (query.search) {
    const pattern = likePattern(query.search);
    where = or(
      ilike(users.email, pattern),
      ilike(users.name, pattern),
      ilike(users.lastName, pattern),
    );
  }
  const column = SORT_COLUMNS[query.sort];
  const rows = await db
    .select(adminColumns)
    .from(users)
    .where(where)
    .orderBy(page.order === 'desc' ? desc(column) : asc(column), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  return { data: rows.map(presentUser), meta: pageMeta(query, await db.$count(users, where)) };
}

export async function getUser(db: DbOrTx, id: number): Promise<AdminUser> {
  const [row] = await db.select(adminColumns).from(users).where(eq(users.id, id));
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
    const [row] = await tx
      .update(users)
      .set({ extraTimePercent: body.extra_time_percent, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(adminColumns);
    if (!row) throw notFound();
    return { before, after: presentUser(row) };
  });
}
