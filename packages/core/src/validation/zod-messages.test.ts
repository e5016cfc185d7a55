import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, installZodMessageKeys } from './zod-messages.ts';
import { LoginRequest } from '../contracts/auth.ts';

beforeAll(() => installZodMessageKeys());

describe('zod message keys', () => {
  it('reports a missing field as required, in both languages', () => {
    const result = z.object({ name: z.string() }).safeParse({});
    expect(result.success).toBe(false);
    expect(fieldErrors('en', result.error!)).toEqual({ name: ['This field is required.'] });
    expect(fieldErrors('es', result.error!)).toEqual({ name: ['Este campo es obligatorio.'] });
  });

  it('fills the length limits', () => {
    const result = z.object({ password: z.string().min(8) }).safeParse({ password: 'abc' });
    expect(fieldErrors('en', result.error!)).toEqual({
      password: ['Must have at least 8 characters.'],
    });
  });

  it('uses the spec wording for the login e-mail', () => {
    const missing = LoginRequest.safeParse({ email: '  ', password: 'x' });
    expect(fieldErrors('en', missing.error!).email).toEqual(['Please enter your email!']);
    const invalid = LoginRequest.safeParse({ email: 'not-an-email', password: 'x' });
    expect(fieldErrors('es', invalid.error!).email).toEqual(['¡Formato inválido!']);
  });

  it('trims the login fields', () => {
    expect(LoginRequest.parse({ email: ' a@b.cl ', password: ' secret ' })).toEqual({
      email: 'a@b.cl',
      password: 'secret',
    });
  });
});
