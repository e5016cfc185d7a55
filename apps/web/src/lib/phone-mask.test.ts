import { describe, expect, it } from 'vitest';
import { chileanMobileDigits, maskChileanMobile } from './phone-mask.ts';

/** Types `text` one character at a time, as the input would, masking after each keystroke. */
function typeInto(text: string, start = ''): string {
  let value = start;
  for (const char of text) value = maskChileanMobile(value + char);
  return value;
}

describe('Chilean mobile mask', () => {
  it('groups the eight digits after +56 9 as they are typed', () => {
    expect(typeInto('1')).toBe('+56 9 1');
    expect(typeInto('1234')).toBe('+56 9 1234');
    expect(typeInto('12345')).toBe('+56 9 1234 5');
    expect(typeInto('12345678')).toBe('+56 9 1234 5678');
  });

  it('takes a leading 9 as the mobile prefix and stops at eight digits', () => {
    expect(typeInto('9')).toBe('+56 9 ');
    expect(typeInto('912345678')).toBe('+56 9 1234 5678');
    expect(typeInto('1234567899')).toBe('+56 9 1234 5678');
  });

  it('reads pasted numbers with or without the country code, and ignores letters', () => {
    expect(maskChileanMobile('+56 9 8765 4321')).toBe('+56 9 8765 4321');
    expect(maskChileanMobile('56987654321')).toBe('+56 9 8765 4321');
    expect(maskChileanMobile('9 8765 4321')).toBe('+56 9 8765 4321');
    expect(maskChileanMobile('87a65b4321')).toBe('+56 9 8765 4321');
  });

  it('lets the student delete everything, prefix included', () => {
    expect(maskChileanMobile('+56 9 ')).toBe('+56 9 ');
    expect(maskChileanMobile('+56 9')).toBe('');
    expect(maskChileanMobile('')).toBe('');
  });

  it('gives the API digits only', () => {
    expect(chileanMobileDigits('+56 9 1234 5678')).toBe('56912345678');
    expect(chileanMobileDigits('+56 9 ')).toBe('');
    expect(chileanMobileDigits('')).toBe('');
  });
});
