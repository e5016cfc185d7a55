import { describe, expect, it } from 'vitest';
import { isValidEmail, loginEmailProblem, loginPasswordProblem } from './login.ts';

describe('login checks', () => {
  it('accepts ordinary addresses and refuses malformed ones', () => {
    for (const ok of ['a@b.cl', 'camila.rojas+paes@ensaya.cl', 'x_y@sub.dominio.com']) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
    for (const bad of ['a@b', 'a b@c.cl', '@c.cl', 'a@@c.cl', 'a@.cl', 'a@c.', 'plain']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });

  it('trims before checking', () => {
    expect(loginEmailProblem('  a@b.cl ')).toBeUndefined();
    expect(loginEmailProblem('   ')).toBe('validation.emailRequired');
    expect(loginEmailProblem('a@')).toBe('validation.email');
    expect(loginPasswordProblem('  ')).toBe('validation.required');
    expect(loginPasswordProblem(' x ')).toBeUndefined();
  });
});
