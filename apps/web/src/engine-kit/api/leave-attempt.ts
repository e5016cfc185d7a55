import { CSRF_COOKIE, CSRF_HEADER, LANGUAGE_HEADER } from '@ensaya/core/api/http';
import type { AnswerRecord } from '@ensaya/core/contracts/engine';
import { readCookie } from '../../lib/cookies.ts';
import { currentLanguage } from '../../lib/i18n.ts';

function keepaliveHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [LANGUAGE_HEADER]: currentLanguage(),
  };
  const token = readCookie(CSRF_COOKIE);
  if (token) headers[CSRF_HEADER] = token;
  return headers;
}

/**
 * The page is going away (closed or reloading). A keepalive fetch outlives the page and, unlike
 * `sendBeacon`, carries the CSRF header. The answers not yet delivered go first; then `leave`
 * asks the server to send the attempt after a grace period unless it is opened again (a reload
 * reads it and so cancels that).
 */
export function sendLeave(attemptId: number, unsent: readonly AnswerRecord[]): void {
  const base = `/api/user-tests/${attemptId}`;
  if (unsent.length > 0) {
    void fetch(`${base}/stems`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { ...keepaliveHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ stems: unsent.slice(0, 200) }),
    }).catch(() => undefined);
  }
  void fetch(`${base}/leave`, {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: keepaliveHeaders(),
  }).catch(() => undefined);
}
