import { asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { likePattern } from '../../content/index.ts';

// The accommodations' queries: a student's reading settings and extra time, on their user row.

const settingsColumns = {
  textSize: users.textSize,
  highContrast: users.highContrast,
  extraTimePercent: users.extraTimePercent,
};

export type SettingsRow = { textSize: number; highContrast: boolean; extraTimePercent: number };

export async function findSettings(db: DbOrTx, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select(settingsColumns).from(users).where(eq(users.id, userId));
  return row;
}

export async function updateSettings(
  db: DbOrTx,
  userId: number,
  settings: { textSize: number; highContrast: boolean },
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(settingsColumns);
  return row;
}

const adminColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  extraTimePercent: users.extraTimePercent,
};
export type AdminRow = { [K in keyof typeof adminColumns]: (typeof users.$inferSelect)[K] };

const SORT_COLUMNS = { id: users.id, email: users.email, last_name: users.lastName };

/** A page of users, by e-mail or name, with the count of all that match. */
export async function listUserRows(
  db: Db,
  query: {
    search?: string | undefined;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
): Promise<{ rows: AdminRow[]; total: number }> {
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
    .orderBy(query.order === 'desc' ? desc(column) : asc(column), asc(users.id))
    .limit(query.limit)
    .offset(query.offset);
  return { rows, total: await db.$count(users, where) };
}

export async function findUser(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select(adminColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function updateExtraTime(
  db: DbOrTx,
  id: number,
  extraTimePercent: number,
): Promise<AdminRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ extraTimePercent, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning(adminColumns);
  return row;
}
