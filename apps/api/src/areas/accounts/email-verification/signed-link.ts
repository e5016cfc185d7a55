import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a mailed link proves: the account's address (verification) or a new one (e-mail change). */
export type EmailLinkPurpose = 'email-verification' | 'email-change';

const LINK_PATHS: Record<EmailLinkPurpose, string> = {
  'email-verification': '/api/email/verify',
  'email-change': '/api/email/change',
};

export const VERIFY_PATH = LINK_PATHS['email-verification'];
export const EMAIL_CHANGE_PATH = LINK_PATHS['email-change'];

/** Lifetime of a verification or e-mail change link (the spec leaves it open). */
export const VERIFICATION_LINK_MINUTES = 60;

/** Ties a link to the address it was sent to: changing the e-mail voids older links. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex');
}

/** The account's link version is signed too (never shown), so raising it voids mailed links. */
function signature(
  appKey: string,
  purpose: EmailLinkPurpose,
  unsigned: string,
  version: number,
): string {
  return createHmac('sha256', appKey).update(`${purpose}\n${unsigned}\n${version}`).digest('hex');
}

const unsignedPath = (purpose: EmailLinkPurpose, id: string, hash: string, expires: string) =>
  `${LINK_PATHS[purpose]}/${id}/${hash}?expires=${expires}`;

/**
 * `/api/email/{verify|change}/{id}/{hash}?expires={unix}&signature={hmac}`: the HMAC-SHA256 (app
 * key) of the purpose, path, expiry and the account's link version, so none of them can be changed
 * without the key. `hash` is that of the address the link is mailed to.
 */
export function signEmailLink(
  appKey: string,
  purpose: EmailLinkPurpose,
  link: { userId: number; email: string; version: number },
  expiresAt: Date,
): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const unsigned = unsignedPath(purpose, String(link.userId), emailHash(link.email), expires);
  return `${unsigned}&signature=${signature(appKey, purpose, unsigned, link.version)}`;
}

export type EmailLinkParts = {
  id: string;
  hash: string;
  expires?: string | undefined;
  signature?: string | undefined;
};

/** A link's parts once their form is right: which account to load to check the signature. */
export type ParsedEmailLink = { userId: number; hash: string; expires: string; signature: string };

export function parseEmailLink(parts: EmailLinkParts): ParsedEmailLink | undefined {
  const { id, hash, expires, signature: given } = parts;
  if (!/^\d{1,10}$/.test(id) || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  if (!expires || !/^\d{1,12}$/.test(expires) || !given || !/^[0-9a-f]{64}$/.test(given)) {
    return undefined;
  }
  return { userId: Number(id), hash, expires, signature: given };
}

/** Whether a parsed link is untampered and unexpired for the account's current link version. */
export function isEmailLinkValid(
  appKey: string,
  purpose: EmailLinkPurpose,
  link: ParsedEmailLink,
  version: number,
  now: Date,
): boolean {
  const unsigned = unsignedPath(purpose, String(link.userId), link.hash, link.expires);
  const expected = signature(appKey, purpose, unsigned, version);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(link.signature, 'hex'))) {
    return false;
  }
  return Number(link.expires) * 1000 >= now.getTime();
}

/** Lifetime of the resend token the login and the registration hand out. */
export const RESEND_TOKEN_MINUTES = 30;

const resendSignature = (appKey: string, userId: number, expires: string) =>
  createHmac('sha256', appKey).update(`resend-verification\n${userId}\n${expires}`).digest('hex');

/**
 * `{expires}.{hmac}`: lets `GET api/me/{id}/resend-verification` mail the account only for whoever
 * was just answered with its id (a registration, or a login with the right password).
 */
export function signResendToken(appKey: string, userId: number, now: Date): string {
  const expires = String(Math.floor(now.getTime() / 1000) + RESEND_TOKEN_MINUTES * 60);
  return `${expires}.${resendSignature(appKey, userId, expires)}`;
}

export function isResendTokenValid(
  appKey: string,
  userId: number,
  token: string | undefined,
  now: Date,
): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token ?? '');
  if (!match) return false;
  const [, expires, given] = match as unknown as [string, string, string];
  const expected = resendSignature(appKey, userId, expires);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) return false;
  return Number(expires) * 1000 >= now.getTime();
}
