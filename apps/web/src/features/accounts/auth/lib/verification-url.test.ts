import { describe, expect, it } from 'vitest';
import { safeVerificationPath } from './verification-url.ts';

describe('safeVerificationPath', () => {
  it('accepts the API verification route with its signed query', () => {
    const url = '/api/email/verify/7/abc123?expires=1767225600&signature=f00d';
    expect(safeVerificationPath(url)).toBe(url);
  });

  it('accepts the route that confirms a new e-mail address', () => {
    const url = '/api/email/change/7/abc123?expires=1767225600&signature=f00d';
    expect(safeVerificationPath(url)).toBe(url);
  });

  it.each([
    null,
    '',
    'https://evil.example/api/email/verify/7/abc',
    '//evil.example/api/email/verify/7/abc',
    '/\\evil.example/api/email/verify/7/abc',
    '/api/email/verify/../../me',
    '/api/email/verify/%2e%2e/%2e%2e/logout',
    '/api/me',
    '/api/email/change/../../me/email-change',
    '/api/email/changes/7/abc',
    'api/email/verify/7/abc',
    'javascript:alert(1)',
  ])('refuses %s', (url) => {
    expect(safeVerificationPath(url)).toBeUndefined();
  });
});
