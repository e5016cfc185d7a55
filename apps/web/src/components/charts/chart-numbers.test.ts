import { describe, expect, it } from 'vitest';
import { formatNumber } from './chart-numbers.ts';

describe('formatNumber', () => {
  const values = [
    0,
    1,
    -1,
    7.5,
    12.345,
    999.996,
    1234,
    12345.678,
    -1234567.5,
    0.125,
    0.005,
    1.005,
    2.675,
    45.55,
    -0.001,
    -0.004,
    100,
    1000000,
    0.1 + 0.2,
    1e-7,
    123456789.987,
  ];

  it.each([
    ['es', 'es-CL'],
    ['en', 'en-US'],
  ])('writes every number as Intl.NumberFormat does in %s', (language, locale) => {
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
      for (const value of values) {
        // Intl writes a negative that rounds to zero as "-0"; a chart's label reads "0".
        const expected = intl.format(value).replace(/^-0$/, '0');
        expect(formatNumber(value, language, digits), `${value} (${digits} digits)`).toBe(expected);
      }
    }
  });

  it('groups thousands and marks decimals in the page language', () => {
    expect(formatNumber(12345.678, 'es')).toBe('12.345,68');
    expect(formatNumber(12345.678, 'en')).toBe('12,345.68');
    expect(formatNumber(1234, 'es-CL', 0)).toBe('1.234');
    expect(formatNumber(-0.001, 'es')).toBe('0');
    expect(formatNumber(Number.NaN, 'es')).toBe('NaN');
  });
});
