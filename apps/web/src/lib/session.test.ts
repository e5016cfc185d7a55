import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import { demoUser, installFakeApi, meHandler } from '../test/fake-api.ts';
import { getMe } from './session.ts';

describe('getMe', () => {
  afterEach(() => {
    document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/`;
  });

  it('asks nothing for a visitor: no login flag and no signed-in cookie, no request and no 401', async () => {
    const { requests } = installFakeApi({});
    await expect(getMe()).resolves.toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('asks the server when the signed-in cookie is there', async () => {
    const { requests } = installFakeApi({ 'GET /api/me': meHandler(() => true) });
    await expect(getMe()).resolves.toMatchObject({ email: demoUser.email });
    expect(requests.map((request) => request.path)).toEqual(['/api/me']);
  });

  it('forgets a stale hint and flag when the server knows no session', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    localStorage.setItem('isAuthenticated', 'true');
    await expect(getMe()).resolves.toBeNull();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(document.cookie).not.toContain(SIGNED_IN_COOKIE);
  });
});
