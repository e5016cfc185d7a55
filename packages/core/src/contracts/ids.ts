import { z } from 'zod';

// Ids and other whole numbers as the API accepts them. Ids are PostgreSQL `integer` columns, so a
// larger number would reach the database and fail there (a 500) instead of being refused here.

/** The largest PostgreSQL `integer`: every id and every whole number stored in one. */
export const MAX_ID = 2_147_483_647;

/** Canonical decimal digits only: no sign, space, leading zero, exponent, fraction or hex. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;
const CANONICAL_WHOLE = /^(0|[1-9][0-9]{0,9})$/;

/**
 * An id in a path or a query string, 1..2 147 483 647. `Number()` and `z.coerce` read `0x10` as 16,
 * `1e3` as 1000 and ` 1` as 1, so one row had many spellings (`DELETE .../subjects/0x10` deleted
 * subject 16); here only the canonical one is an id, anything else is 422.
 */
export const IdParam = z
  .string()
  .regex(CANONICAL_ID)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_ID));

/** An id in a JSON body: a whole number 1..2 147 483 647 (a string is not an id). */
export const Id = z.number().int().min(1).max(MAX_ID);

/**
 * An id picked in a form's select: a number, or its canonical digits. Missing, empty or null reads
 * as required (a coerced `undefined` would be NaN and say "not valid").
 */
export const SelectedId = z.preprocess(
  (value) =>
    value === '' || value === null
      ? undefined
      : typeof value === 'string' && CANONICAL_ID.test(value)
        ? Number(value)
        : value,
  Id,
);

/** The params of a `/.../:id` route. */
export const IdParams = z.object({ id: IdParam });

/** A whole number in a query string (`page`, `per_page`), canonical digits within min..max. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(CANONICAL_WHOLE)
    .transform(Number)
    .pipe(z.number().int().min(min).max(Math.min(max, MAX_ID)));
}
