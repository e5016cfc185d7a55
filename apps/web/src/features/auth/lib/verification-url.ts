/** Where verification links point: the API's signed route, nothing else (see verify-email-page). */
const VERIFY_PATH_PREFIX = '/api/email/verify/';

/**
 * The `url` parameter of `/verify-email`, if it is safe to request: a relative path to the API's
 * verification route on this origin. Anything else (another host, `//host`, a backslash, a path
 * that `..` leads out of the route) is refused without being fetched, so a crafted link cannot
 * make the page send the student's cookies elsewhere or to another API route.
 */
export function safeVerificationPath(url: string | null): string | undefined {
  if (!url || !url.startsWith(VERIFY_PATH_PREFIX) || url.includes('\\')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== window.location.origin) return undefined;
  if (!parsed.pathname.startsWith(VERIFY_PATH_PREFIX)) return undefined;
  return `${parsed.pathname}${parsed.search}`;
}
