import { describe, expect, it } from 'vitest';
import {
  confirmationProblem,
  dniProblem,
  nameProblem,
  passwordProblem,
  phoneDigits,
  phoneProblem,
  postalCodeProblem,
} from './account.ts';

describe('passwordProblem', () => {
  it('accepts a strong password', () => {
    expect(passwordProblem('Ensaya2026!')).toBeUndefined();
    expect(passwordProblem('aB3-efgh')).toBeUndefined();
  });

  it('refuses each missing ingredient', () => {
    expect(passwordProblem('')).toBe('validation.required');
    expect(passwordProblem('aB3-efg')).toBe('validation.passwordRules'); // 7 characters
    expect(passwordProblem('ab3-efgh')).toBe('validation.passwordRules'); // no upper case
    expect(passwordProblem('AB3-EFGH')).toBe('validation.passwordRules'); // no lower case
    expect(passwordProblem('aBc-efgh')).toBe('validation.passwordRules'); // no digit
    expect(passwordProblem('aB3defgh')).toBe('validation.passwordRules'); // no special
    expect(passwordProblem('aB3_efgh')).toBe('validation.passwordRules'); // _ is not in the list
    expect(passwordProblem('aB3- efgh')).toBe('validation.passwordSpaces');
  });

  it('checks the confirmation', () => {
    expect(confirmationProblem('Ensaya2026!', 'Ensaya2026!')).toBeUndefined();
    expect(confirmationProblem('Ensaya2026!', 'Ensaya2026')).toBe('validation.passwordMismatch');
    expect(confirmationProblem('Ensaya2026!', '')).toBe('validation.required');
  });
});

describe('nameProblem', () => {
  it('allows accents, ñ and compound names', () => {
    for (const ok of ['José', 'Muñoz Rojas', "O'Higgins", 'María-Ignacia', 'Ñuñoa']) {
      expect(nameProblem(ok), ok).toBeUndefined();
    }
  });

  it('refuses digits, symbols and empty names', () => {
    expect(nameProblem('  ')).toBe('validation.required');
    for (const bad of ['R2D2', 'Ana!', '<script>', 'Ana  María', '-Ana']) {
      expect(nameProblem(bad), bad).toBe('validation.name');
    }
  });
});

describe('other fields', () => {
  it('reads a masked Chilean phone as digits', () => {
    expect(phoneDigits('+56 9 8765 4321')).toBe('56987654321');
    expect(phoneProblem('+56 9 8765 4321')).toBeUndefined();
    expect(phoneProblem('+56 9 8765 43210')).toBe('validation.phone');
    expect(phoneProblem('9876-abcd')).toBe('validation.phone');
  });

  it('checks DNI and postal code', () => {
    expect(dniProblem('30123456')).toBeUndefined();
    expect(dniProblem('30.123.456')).toBe('validation.dni');
    expect(postalCodeProblem('7500000')).toBeUndefined();
    expect(postalCodeProblem('750000')).toBe('validation.postalCode');
    expect(postalCodeProblem('75000a0')).toBe('validation.postalCode');
  });
});
