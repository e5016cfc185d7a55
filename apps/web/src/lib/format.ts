/** Display formats of the spec (section 9): dates DD/MM/YYYY in UTC, prices in whole CLP. */

export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
}

const clp = new Intl.NumberFormat('es-CL', {
  style: 'currency',
  currency: 'CLP',
  maximumFractionDigits: 0,
});

export function formatClp(amount: number): string {
  return clp.format(amount);
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
