import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { addresses, cities, states, towns, users } from '../../../db/schema/index.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'addressLine1' | 'addressLine2' | 'townId' | 'zipCode'
>;

/** An address with the names of its commune, province and region. */
export async function findAddressView(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: addresses.id,
      addressLine1: addresses.addressLine1,
      addressLine2: addresses.addressLine2,
      zipCode: addresses.zipCode,
      town: { id: towns.id, name: towns.name },
      city: { id: cities.id, name: cities.name },
      state: { id: states.id, name: states.name },
    })
    .from(addresses)
    .innerJoin(towns, eq(towns.id, addresses.townId))
    .innerJoin(cities, eq(cities.id, towns.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(addresses.id, id))
    .limit(1);
  return row;
}
export type AddressView = NonNullable<Awaited<ReturnType<typeof findAddressView>>>;

/** The address if it belongs to the user (rows of other users read as absent). */
export async function findUserAddress(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  return row;
}

export async function townExists(db: DbOrTx, townId: number): Promise<boolean> {
  return (await db.$count(towns, eq(towns.id, townId))) > 0;
}

/** Creates an address and makes it the user's current one. */
export async function insertCurrentAddress(
  db: DbOrTx,
  userId: number,
  values: AddressValues,
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...values })
    .returning({ id: addresses.id });
  await db
    .update(users)
    .set({ addressId: row!.id, updatedAt: new Date() })
    .where(eq(users.id, userId));
  return row!.id;
}

export async function updateAddress(db: DbOrTx, id: number, values: Partial<AddressValues>) {
  await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(addresses.id, id));
}
