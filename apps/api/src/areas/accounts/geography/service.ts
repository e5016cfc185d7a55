import type { City, Country, State, Town, TownDetail } from '@ensaya/core/contracts/geography';
import type { Language } from '@ensaya/core/i18n/language';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import * as repo from './repo.ts';

const presentState = (row: repo.StateRow): State => ({
  id: row.id,
  name: row.name,
  code: row.code,
  vat_percentage: row.vatPercentage,
  country_id: row.countryId,
});

const presentCity = (row: repo.CityRow): City => ({
  id: row.id,
  name: row.name,
  code: row.code,
  state_id: row.stateId,
});

const presentTown = (row: repo.TownRow): Town => ({
  id: row.id,
  name: row.name,
  code: row.code,
  city_id: row.cityId,
});

/** The registration select: Chile first, names in the reader's language. */
export async function listCountries(db: DbOrTx, language: Language): Promise<Country[]> {
  const rows = await repo.listCountries(db);
  return rows.map((row) => ({
    id: row.id,
    name: language === 'en' ? row.nameEn : row.name,
    iso_code: row.isoCode,
  }));
}

/** Chile's regions, north to south. */
export async function listStates(db: DbOrTx): Promise<State[]> {
  return (await repo.listStates(db)).map(presentState);
}

export async function getState(db: DbOrTx, id: number): Promise<State> {
  const row = await repo.findState(db, id);
  if (!row) throw notFound();
  return presentState(row);
}

/** A region's provinces by CUT code (the capital's province first). */
export async function listCities(db: DbOrTx, stateId: number): Promise<City[]> {
  if (!(await repo.findState(db, stateId))) throw notFound();
  return (await repo.listCities(db, stateId)).map(presentCity);
}

export async function getCity(db: DbOrTx, id: number): Promise<City> {
  const row = await repo.findCity(db, id);
  if (!row) throw notFound();
  return presentCity(row);
}

const spanishOrder = new Intl.Collator('es', { sensitivity: 'base' });

/** A province's communes in alphabetical order as a Chilean reads it (Ñuñoa after Nogales). */
export async function listTowns(db: DbOrTx, cityId: number): Promise<Town[]> {
  if (!(await repo.findCity(db, cityId))) throw notFound();
  const rows = await repo.listTowns(db, cityId);
  return rows.sort((a, b) => spanishOrder.compare(a.name, b.name)).map(presentTown);
}

export async function getTown(db: DbOrTx, id: number): Promise<TownDetail> {
  const row = await repo.findTownWithParents(db, id);
  if (!row) throw notFound();
  return {
    id: row.town.id,
    name: row.town.name,
    code: row.town.code,
    city: presentCity(row.city),
    state: presentState(row.state),
  };
}
