import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const VERIFY_PATH = '/api/email/verify';
/** Lifetime of a verification link (issue 3; the spec leaves it open). */
export const VERIFICATION_LINK_MINUTES = 60;

/** Ties a link to the address it was sent to: changing the e-mail voids older links. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.toLowerCase()).digest('hex');
}

function signature(appKey: string, unsigned: string): string {
  return createHmac('sha256', appKey).update(`email-verification\n${unsigned}`).digest('hex');
}

/**
 * `/api/email/verify/{id}/{hash}?expires={unix}&signature={hmac}`: the HMAC-SHA256 (app key) of
 * the path and expiry, so none of them can be changed without the key.
 */
export function signVerificationPath(
  appKey: string,
  user: { id: number; email: string },
  expiresAt: Date,
): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const unsigned = `${VERIFY_PATH}/${user.id}/${emailHash(user.email)}?expires=${expires}`;
  return `${unsigned}&signature=${signature(appKey, unsigned)}`;
}

export type VerificationLinkParts = {
  id: string;
  hash: string;
  expires?: string | undefined;
  signature?: string | undefined;
};

/** The user id of an untampered, unexpired link; undefined otherwise. */
export function checkVerificationLink(
  appKey: string,
  parts: VerificationLinkParts,
  now: Date,
): number | undefined {
  const { id, hash, expires, signature: given } = parts;
  if (!/^\d{1,10}$/.test(id) || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  if (!expires || !/^\d{1,12}$/.test(expires) || !given || !/^[0-9a-f]{64}$/.test(given)) {
    return undefined;
  }
  const expected = signature(appKey, `${VERIFY_PATH}/${id}/${hash}?expires=${expires}`);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))) return undefined;
  if (Number(expires) * 1000 < now.getTime()) return undefined;
  return Number(id);
}
