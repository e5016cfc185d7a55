/**
 * The Chilean Rut: a body of up to 8 digits and a check digit computed modulo 11 (weights 2..7 from
 * the right; 11 gives 0, 10 gives K). Shown as `12.345.678-5`, stored as `12345678-5`.
 */
export const RUT_MAX_LENGTH = 12;

/** Digits and K only, upper-cased: '12.345.678-k' -> '12345678K'. */
export function compactRut(value: string): string {
  return value.replace(/[.\s-]/g, '').toUpperCase();
}

export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

export function isValidRut(value: string): boolean {
  if (value.trim().length > RUT_MAX_LENGTH) return false;
  if (!/^[\d.\s]+-?[\dkK]$/.test(value.trim())) return false;
  const compact = compactRut(value);
  if (!/^[1-9]\d{0,7}[\dK]$/.test(compact)) return false;
  return rutCheckDigit(compact.slice(0, -1)) === compact.slice(-1);
}

/** '123456785' or '12.345.678-5' -> '12345678-5' (the stored form). Assumes a valid Rut. */
export function normalizeRut(value: string): string {
  const compact = compactRut(value);
  return `${compact.slice(0, -1)}-${compact.slice(-1)}`;
}

/** '123456785' -> '12.345.678-5' (the displayed form). Works on partial input too. */
export function formatRut(value: string): string {
  const compact = compactRut(value).slice(0, 9);
  if (compact.length < 2) return compact;
  const body = compact.slice(0, -1).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${body}-${compact.slice(-1)}`;
}
