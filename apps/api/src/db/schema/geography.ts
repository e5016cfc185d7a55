import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Countries offered by the registration select (a short list, Chile first by `position`). The id is
 * the ISO 3166-1 numeric code (Chile 152), so it never changes between databases.
 */
export const countries = pgTable(
  'countries',
  {
    id: integer('id').primaryKey(),
    /** ISO 3166-1 alpha-2, e.g. 'CL'. */
    isoCode: text('iso_code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('countries_iso_code_unique').on(t.isoCode)],
);

/**
 * Chile's regions (the spec's "state"). The id is the numeric CUT code (Arica y Parinacota = 15) and
 * `code` the official zero-padded one ('15'); `position` orders them north to south.
 */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    /** ISO 3166-2:CL, e.g. 'CL-RM'. */
    isoCode: text('iso_code').notNull(),
    /** IVA; 19 in every Chilean region, kept per region as the spec does. */
    vatPercentage: numeric('vat_percentage', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(19),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('states_code_unique').on(t.code),
    index('states_country_id_idx').on(t.countryId),
    check(
      'states_vat_percentage_range',
      sql`${t.vatPercentage} >= 0 and ${t.vatPercentage} <= 100`,
    ),
  ],
);

/** Chile's provinces (the spec's "city"): id = numeric CUT code (13 1 -> 131), code = '131'. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('cities_code_unique').on(t.code), index('cities_state_id_idx').on(t.stateId)],
);

/** Chile's communes (the spec's "town"): id = numeric CUT code (13123), code = '13123'. */
export const towns = pgTable(
  'towns',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('towns_code_unique').on(t.code), index('towns_city_id_idx').on(t.cityId)],
);

export type Country = typeof countries.$inferSelect;
export type State = typeof states.$inferSelect;
export type City = typeof cities.$inferSelect;
export type Town = typeof towns.$inferSelect;
