import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { cities, countries, states, towns } from '../../../db/schema/index.ts';

export type StateRow = typeof states.$inferSelect;
export type CityRow = typeof cities.$inferSelect;
export type TownRow = typeof towns.$inferSelect;

export function listCountries(db: DbOrTx) {
  return db.select().from(countries).orderBy(asc(countries.position), asc(countries.id));
}

export function listStates(db: DbOrTx) {
  return db.select().from(states).orderBy(asc(states.position), asc(states.id));
}

export async function findState(db: DbOrTx, id: number): Promise<StateRow | undefined> {
  const [row] = await db.select().from(states).where(eq(states.id, id)).limit(1);
  return row;
}

export function listCities(db: DbOrTx, stateId: number) {
  return db.select().from(cities).where(eq(cities.stateId, stateId)).orderBy(asc(cities.code));
}

export async function findCity(db: DbOrTx, id: number): Promise<CityRow | undefined> {
  const [row] = await db.select().from(cities).where(eq(cities.id, id)).limit(1);
  return row;
}

export function listTowns(db: DbOrTx, cityId: number) {
  return db.select().from(towns).where(eq(towns.cityId, cityId));
}

export async function findTownWithParents(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ town: towns, city: cities, state: states })
    .from(towns)
    .innerJoin(cities, eq(cities.id, towns.cityId))
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(eq(towns.id, id))
    .limit(1);
  return row;
}
