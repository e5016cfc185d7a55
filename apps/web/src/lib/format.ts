import { formatClp as formatPesos } from '@ensaya/core/subscriptions/pricing';
import { formatRut, isValidRut } from '@ensaya/core/validation/rut';

/** Chile (ISO 3166 numeric): core's CHILE_COUNTRY_ID, whose module loads Zod (see lib/geography.ts). */
const CHILE_ID = 152;

/** Display formats of the spec (section 9): dates DD/MM/YYYY in UTC, prices in whole CLP. */

export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
}

/**
 * Every amount of pesos the app shows goes through here: core's one formatter (`$9.990`, and
 * `$1.784,64` for an amount with centavos), the same in both languages and in the API's pages and
 * mails.
 */
export function formatClp(amount: number | string): string {
  return formatPesos(amount);
}

function firstWord(value: string | null | undefined): string {
  return (value ?? '').trim().split(/\s+/)[0] ?? '';
}

/** Initials for an avatar without a picture: ("Camila Andrea", "Rojas") -> "CR". */
export function initials(name: string | null | undefined, lastName?: string | null): string {
  const words = lastName?.trim()
    ? [firstWord(name), firstWord(lastName)]
    : (name ?? '').trim().split(/\s+/).slice(0, 2);
  return words
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toLocaleUpperCase('es'))
    .join('');
}

/**
 * A moment with its time of day, DD/MM/YYYY HH:mm, in the student's own time zone (the browser's):
 * a test sent at 22:30 in Santiago shows 22:30, not the next day's 01:30 UTC.
 */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const two = (part: number) => String(part).padStart(2, '0');
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A time of day, HH:mm, in the student's own time zone (the browser's), as `formatDateTime`. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const two = (part: number) => String(part).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * A tax id as the app shows it everywhere: a valid Rut dotted, `12.345.678-5` (however it was
 * typed or stored); any other id (a foreign DNI, or a student not from Chile) as it was given.
 */
export function formatTaxId(taxId: string | null | undefined, countryId?: number | null): string {
  const value = (taxId ?? '').trim();
  const isChilean = countryId === undefined || countryId === null || countryId === CHILE_ID;
  return isChilean && isValidRut(value) ? formatRut(value) : value;
}

/**
 * A phone as the app shows it everywhere: a Chilean mobile (`56912345678`, `912345678`, or any
 * spelling of them) as `+56 9 1234 5678`; any other number as it was given.
 */
export function formatPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  const digits = value.replace(/\D/g, '');
  const subscriber = /^569\d{8}$/.test(digits)
    ? digits.slice(3)
    : /^9\d{8}$/.test(digits)
      ? digits.slice(1)
      : null;
  return subscriber ? `+56 9 ${subscriber.slice(0, 4)} ${subscriber.slice(4)}` : value;
}

/**
 * Names joined as a sentence lists them, as `Intl.ListFormat` (conjunction) writes them: "M1, M2 y
 * Ciencias", "M1, M2, and Science"; Spanish's "y" becomes "e" before an i- sound ("Lenguaje e
 * Historia"). By hand, not with `Intl`: the page's first `Intl` formatter loads the language's ICU data
 * (components/charts/chart-numbers.ts, `formatNumber`).
 */
export function formatList(names: readonly string[], language: string): string {
  if (names.length <= 1) return names[0] ?? '';
  const head = names.slice(0, -1).join(', ');
  const last = names.at(-1)!;
  if (language.startsWith('en')) return `${head}${names.length > 2 ? ',' : ''} and ${last}`;
  // "e" before i/hi + consonant (Historia, Inglés, Hidalgo), "y" before hie-/hia- (hielo).
  const conjunction = /^(i|í|hi|hí)(?![aeiouáéíóú])/i.test(last) ? 'e' : 'y';
  return `${head} ${conjunction} ${last}`;
}
