import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatRut, isValidRut, normalizeRut, rutCheckDigit } from './rut.ts';

describe('Rut', () => {
  it('computes the modulo-11 check digit, with K and 0', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('11111111')).toBe('1');
    expect(rutCheckDigit('10000013')).toBe('K');
    expect(rutCheckDigit('6')).toBe('K');
    expect(rutCheckDigit('7')).toBe('8');
    expect(rutCheckDigit('14')).toBe('0');
  });

  it('accepts valid Ruts in any usual format and refuses the rest', () => {
    for (const ok of ['12.345.678-5', '12345678-5', '123456785', '10.000.013-k', '10000013K']) {
      expect(isValidRut(ok), ok).toBe(true);
    }
    for (const bad of [
      '12.345.678-4',
      '',
      '-5',
      '012345678-5',
      '1234567890-1',
      'abc',
      '12.345.678-55',
      '12 345 678 5 extra',
    ]) {
      expect(isValidRut(bad), bad).toBe(false);
    }
  });

  it('refuses more than 12 characters', () => {
    expect(isValidRut('12.345.678-5 ')).toBe(true);
    expect(isValidRut('012.345.678-5')).toBe(false);
  });

  it('formats and normalizes', () => {
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('1234')).toBe('123-4');
    expect(normalizeRut('12.345.678-k')).toBe('12345678-K');
  });

  it('always validates a body with its own check digit, formatted or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 99_999_999 }), (n) => {
        const rut = `${n}${rutCheckDigit(String(n))}`;
        return (
          isValidRut(rut) &&
          isValidRut(formatRut(rut)) &&
          normalizeRut(formatRut(rut)) === normalizeRut(rut)
        );
      }),
    );
  });
});
