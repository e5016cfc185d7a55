/** Cookies readable from JavaScript: the CSRF token and the consent choice. */

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter((name) => name !== '');
}

export interface CookieOptions {
  maxAgeSeconds: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${name}=${encodeURIComponent(value)}; Max-Age=${options.maxAgeSeconds}; ` +
    `Path=${options.path ?? '/'}; SameSite=${options.sameSite ?? 'Lax'}${secure}`;
}

/**
 * Deletes a cookie wherever a script may have set it: without a domain and on this host and each
 * parent domain (analytics scripts set theirs on the registrable domain, e.g. `.ensaya.cl`).
 */
export function deleteCookie(name: string): void {
  const expired = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  document.cookie = expired;
  const labels = window.location.hostname.split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    const domain = labels.slice(start).join('.');
    document.cookie = `${expired}; Domain=${domain}`;
    document.cookie = `${expired}; Domain=.${domain}`;
  }
}
