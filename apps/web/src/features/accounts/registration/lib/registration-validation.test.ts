import { describe, expect, it } from 'vitest';
import { taxIdProblem } from './registration-validation.ts';

describe('taxIdProblem', () => {
  it('asks Chile for a valid Rut', () => {
    expect(taxIdProblem('152', '')).toBe('validation.required');
    expect(taxIdProblem('152', '12.345.678-5')).toBeUndefined();
    expect(taxIdProblem('152', '12.345.678-4')).toBe('validation.rut');
  });

  it('asks other countries for a DNI of digits', () => {
    expect(taxIdProblem('32', '30123456')).toBeUndefined();
    expect(taxIdProblem('32', '12.345.678-5')).toBe('validation.dni');
    expect(taxIdProblem('32', '')).toBe('validation.required');
  });
});
