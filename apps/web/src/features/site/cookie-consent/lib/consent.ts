import { cookieNames, deleteCookie, readCookie, writeCookie } from '../../../../lib/cookies.ts';

export const CONSENT_COOKIE = 'cookie_consent';
/** The choice is remembered for 150 days (spec 000, section 9). */
export const CONSENT_MAX_AGE_SECONDS = 150 * 24 * 60 * 60;

export type ConsentChoice = 'accepted' | 'declined';

export function readConsent(): ConsentChoice | undefined {
  const value = readCookie(CONSENT_COOKIE);
  return value === 'accepted' || value === 'declined' ? value : undefined;
}

/** Google Analytics cookies: `_ga`, `_gid`, `_gat` and the per-property `_ga_*`/`_gat_*`. */
export function isAnalyticsCookie(name: string): boolean {
  return (
    name === '_ga' ||
    name === '_gid' ||
    name === '_gat' ||
    name.startsWith('_ga_') ||
    name.startsWith('_gat_')
  );
}

export function acceptCookies(): void {
  writeCookie(CONSENT_COOKIE, 'accepted', { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS });
}

/** Declining removes the analytics cookies already set (spec 000, section 9). */
export function declineCookies(): void {
  writeCookie(CONSENT_COOKIE, 'declined', { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS });
  for (const name of cookieNames()) {
    if (isAnalyticsCookie(name)) deleteCookie(name);
  }
}
