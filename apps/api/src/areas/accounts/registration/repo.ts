import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { countries, users } from '../../../db/schema/index.ts';

export async function countryExists(db: DbOrTx, countryId: number): Promise<boolean> {
  return (await db.$count(countries, eq(countries.id, countryId))) > 0;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Draws the next user id without creating a user (the answer for a taken e-mail). */
export async function reserveUserId(db: DbOrTx): Promise<number> {
  // Both drivers answer `{ rows }`; the generic database type does not say so. nextval is a
  // bigint, which node-postgres gives as a string.
  const { rows } = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('users', 'id')) as id`,
  )) as unknown as { rows: Array<{ id: number | string }> };
  return Number(rows[0]!.id);
}
