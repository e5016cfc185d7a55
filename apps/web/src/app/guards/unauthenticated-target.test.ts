import { describe, expect, it } from 'vitest';
import { unauthenticatedTarget } from './unauthenticated-target.ts';

describe('unauthenticatedTarget', () => {
  it('sends a visitor without the redirect flag to the login page', () => {
    expect(unauthenticatedTarget(null)).toBe('/');
    expect(unauthenticatedTarget('0')).toBe('/');
  });

  it('does not bounce a visitor with the flag through the protected /dashboard', () => {
    expect(unauthenticatedTarget('1')).toBe('/');
  });
});
