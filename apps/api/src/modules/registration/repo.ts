import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { countries, users } from '../../db/schema/index.ts';

export async function countryExists(db: DbOrTx, countryId: number): Promise<boolean> {
  return (await db.$count(countries, eq(countries.id, countryId))) > 0;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}
