/**
 * Where mailed links point: the API's signed routes that verify the account's address or confirm a
 * new one, nothing else (see verify-email-page).
 */
const LINK_PATH_PREFIXES = ['/api/email/verify/', '/api/email/change/'] as const;

export type EmailLinkKind = 'verify' | 'change';

const startsWithLinkPrefix = (path: string) =>
  LINK_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * The `url` parameter of `/verify-email`, if it is safe to request: a relative path to one of the
 * API's signed e-mail routes on this origin. Anything else (another host, `//host`, a backslash, a
 * path that `..` leads out of the route) is refused without being fetched, so a crafted link
 * cannot make the page send the student's cookies elsewhere or to another API route.
 */
export function safeVerificationPath(url: string | null): string | undefined {
  if (!url || !startsWithLinkPrefix(url) || url.includes('\\')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return undefined;
  }
  if (parsed.origin !== window.location.origin) return undefined;
  if (!startsWithLinkPrefix(parsed.pathname)) return undefined;
  return `${parsed.pathname}${parsed.search}`;
}

/** Whether a safe path verifies the account's address or confirms a new one. */
export function emailLinkKind(path: string): EmailLinkKind {
  return path.startsWith('/api/email/change/') ? 'change' : 'verify';
}
