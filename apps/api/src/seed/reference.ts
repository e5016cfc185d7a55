import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { cities, countries, settings, standardTests, states, towns } from '../db/schema/index.ts';
import { DEFAULT_FEEDBACK_QUESTIONS, FEEDBACK_BUILDER_KEY } from './feedback-builder.ts';
import { loadChileTerritory } from './territory.ts';

export const CHILE_COUNTRY_ID = 152;
export const DEFAULT_VAT_PERCENTAGE = 19;

/** The registration select: Chile first, then the countries most students come from. ISO 3166-1. */
export const COUNTRIES = [
  { id: 152, isoCode: 'CL', name: 'Chile', nameEn: 'Chile' },
  { id: 32, isoCode: 'AR', name: 'Argentina', nameEn: 'Argentina' },
  { id: 68, isoCode: 'BO', name: 'Bolivia', nameEn: 'Bolivia' },
  { id: 76, isoCode: 'BR', name: 'Brasil', nameEn: 'Brazil' },
  { id: 170, isoCode: 'CO', name: 'Colombia', nameEn: 'Colombia' },
  { id: 192, isoCode: 'CU', name: 'Cuba', nameEn: 'Cuba' },
  { id: 218, isoCode: 'EC', name: 'Ecuador', nameEn: 'Ecuador' },
  { id: 724, isoCode: 'ES', name: 'España', nameEn: 'Spain' },
  { id: 840, isoCode: 'US', name: 'Estados Unidos', nameEn: 'United States' },
  { id: 332, isoCode: 'HT', name: 'Haití', nameEn: 'Haiti' },
  { id: 484, isoCode: 'MX', name: 'México', nameEn: 'Mexico' },
  { id: 600, isoCode: 'PY', name: 'Paraguay', nameEn: 'Paraguay' },
  { id: 604, isoCode: 'PE', name: 'Perú', nameEn: 'Peru' },
  { id: 214, isoCode: 'DO', name: 'República Dominicana', nameEn: 'Dominican Republic' },
  { id: 858, isoCode: 'UY', name: 'Uruguay', nameEn: 'Uruguay' },
  { id: 862, isoCode: 'VE', name: 'Venezuela', nameEn: 'Venezuela' },
].map((country, index) => ({ ...country, position: index + 1 }));

/** The two standard tests. Their ids are fixed: the spec's rules name them (1 PAES, 2 class B). */
export const STANDARD_TESTS = [
  {
    id: 1,
    code: 'paes',
    name: 'PAES',
    description: 'Prueba de Acceso a la Educación Superior',
    maxSubjects: 5,
    position: 1,
  },
  {
    id: 2,
    code: 'clase_b',
    name: 'Licencia de conducir clase B',
    description: 'Examen teórico para la licencia de conducir clase B',
    maxSubjects: 1,
    position: 2,
  },
];

// `excluded.<column>` for ON CONFLICT DO UPDATE: the value the insert proposed.
const excluded = (column: { name: string }) => sql.raw(`excluded."${column.name}"`);

/**
 * Reference data every database needs, written on every start. Countries and territory follow the
 * files (names and parents are updated; a region's VAT, ours to change, is only set on insert);
 * standard tests and settings are inserted once and then belong to the back office.
 */
export async function seedReferenceData(db: DbOrTx): Promise<void> {
  await db
    .insert(countries)
    .values(COUNTRIES)
    .onConflictDoUpdate({
      target: countries.id,
      set: {
        isoCode: excluded(countries.isoCode),
        name: excluded(countries.name),
        nameEn: excluded(countries.nameEn),
        position: excluded(countries.position),
      },
    });

  const territory = loadChileTerritory();
  await db
    .insert(states)
    .values(
      territory.regions.map((region) => ({
        id: region.id,
        code: region.code,
        countryId: CHILE_COUNTRY_ID,
        name: region.name,
        shortName: region.shortName,
        abbreviation: region.abbreviation,
        isoCode: region.isoCode,
        vatPercentage: DEFAULT_VAT_PERCENTAGE,
        position: region.position,
      })),
    )
    .onConflictDoUpdate({
      target: states.id,
      set: {
        code: excluded(states.code),
        countryId: excluded(states.countryId),
        name: excluded(states.name),
        shortName: excluded(states.shortName),
        abbreviation: excluded(states.abbreviation),
        isoCode: excluded(states.isoCode),
        position: excluded(states.position),
      },
    });
  await db
    .insert(cities)
    .values(
      territory.provinces.map((p) => ({
        id: p.id,
        code: p.code,
        stateId: p.parentId,
        name: p.name,
      })),
    )
    .onConflictDoUpdate({
      target: cities.id,
      set: {
        code: excluded(cities.code),
        stateId: excluded(cities.stateId),
        name: excluded(cities.name),
      },
    });
  await db
    .insert(towns)
    .values(
      territory.communes.map((c) => ({ id: c.id, code: c.code, cityId: c.parentId, name: c.name })),
    )
    .onConflictDoUpdate({
      target: towns.id,
      set: {
        code: excluded(towns.code),
        cityId: excluded(towns.cityId),
        name: excluded(towns.name),
      },
    });

  await db
    .insert(standardTests)
    .values(STANDARD_TESTS)
    .onConflictDoNothing({ target: standardTests.id });

  await db
    .insert(settings)
    .values({ key: FEEDBACK_BUILDER_KEY, value: DEFAULT_FEEDBACK_QUESTIONS })
    .onConflictDoNothing({ target: settings.key });
}
