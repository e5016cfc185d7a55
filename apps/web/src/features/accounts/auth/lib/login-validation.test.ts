import { describe, expect, it } from 'vitest';
import { loginFieldError } from './login-validation.ts';

describe('loginFieldError', () => {
  it('asks for the e-mail with the spec wording in both languages', () => {
    expect(loginFieldError('email', '  ', 'en')).toBe('Please enter your email!');
    expect(loginFieldError('email', '', 'es')).toMatch(/correo/i);
  });

  it('rejects a malformed e-mail', () => {
    expect(loginFieldError('email', 'estudiante@', 'en')).toBe('Invalid format!');
  });

  it('accepts a valid e-mail with surrounding spaces, as it is trimmed before sending', () => {
    expect(loginFieldError('email', '  estudiante@ensaya.cl ', 'en')).toBeUndefined();
  });

  it('reports an empty password as missing required fields', () => {
    expect(loginFieldError('password', '   ', 'en')).toBe('Please fill in the required fields.');
    expect(loginFieldError('password', 'Ensaya2026!', 'en')).toBeUndefined();
  });
});
