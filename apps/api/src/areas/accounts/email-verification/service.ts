import { isLanguage } from '@ensaya/core/i18n/language';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, tooManyAttempts } from '../../../lib/app-error.ts';
import { Throttle, type CounterStore } from '../../../lib/throttle.ts';
import { findUserById } from '../users/repo.ts';
import { queueMail } from '../../platform/index.ts';
import * as repo from './repo.ts';
import {
  emailHash,
  isEmailLinkValid,
  isResendTokenValid,
  parseEmailLink,
  signEmailLink,
  VERIFICATION_LINK_MINUTES,
  type EmailLinkParts,
  type EmailLinkPurpose,
} from './signed-link.ts';

type Keys = { appKey: string; appUrl: string };

/** An account as its mailed links need it: the link version is signed into each one. */
type LinkUser = { id: number; email: string; emailLinkVersion: number };

/**
 * The link a mail carries: the web page `/verify-email` with the signed API path in `url`, for the
 * account's address (verification) or the new address it asked for (e-mail change).
 */
export function emailLinkUrl(
  keys: Keys,
  purpose: EmailLinkPurpose,
  link: { userId: number; email: string; version: number },
  now: Date,
): string {
  const expiresAt = new Date(now.getTime() + VERIFICATION_LINK_MINUTES * 60_000);
  const apiPath = signEmailLink(keys.appKey, purpose, link, expiresAt);
  return `${keys.appUrl}/verify-email?url=${encodeURIComponent(apiPath)}`;
}

/**
 * The verification link; with the package chosen at registration, `&package=` beside the signed
 * path (not signed: it only preselects a package, which the wizard checks is for sale).
 */
export function verificationUrl(keys: Keys, user: LinkUser, now: Date, packageId?: number): string {
  const url = emailLinkUrl(
    keys,
    'email-verification',
    { userId: user.id, email: user.email, version: user.emailLinkVersion },
    now,
  );
  return packageId === undefined ? url : `${url}&package=${packageId}`;
}

/** Queues the verification mail in the user's language, in the caller's transaction. */
export async function queueVerificationMail(
  db: DbOrTx,
  keys: Keys,
  user: LinkUser & { name: string; language: string },
  now: Date,
  packageId?: number,
) {
  await queueMail(db, {
    to: user.email,
    language: isLanguage(user.language) ? user.language : 'es',
    template: 'verify-email',
    data: {
      name: user.name,
      url: verificationUrl(keys, user, now, packageId),
      minutes: VERIFICATION_LINK_MINUTES,
    },
    appUrl: keys.appUrl,
  });
}

/**
 * Opens a verification link: a tampered or expired link, one sent to an address the account no
 * longer has, or one voided since (a newer link version) fails with 403 'Email verification
 * failed!'. Opening it again is fine. Answers the account's id when this opening verified the
 * address (the first one, once even under concurrent openings), else null.
 */
export async function verifyEmail(
  db: Db,
  appKey: string,
  parts: EmailLinkParts,
  now: Date,
): Promise<number | null> {
  const failed = () => new AppError(403, 'verification.failed');
  const link = parseEmailLink(parts);
  if (!link) throw failed();
  const user = await findUserById(db, link.userId);
  if (!user || !isEmailLinkValid(appKey, 'email-verification', link, user.emailLinkVersion, now)) {
    throw failed();
  }
  if (emailHash(user.email) !== link.hash) throw failed();
  if (user.emailVerifiedAt) return null;
  return (await repo.markEmailVerified(db, user.id, now)) ? user.id : null;
}

/** Resends per account id: 1 a minute and 5 an hour. */
export function createResendLimits(
  counters: CounterStore,
  onError?: (error: unknown) => void,
): Throttle[] {
  return [
    new Throttle(counters, { name: 'resend-minute', max: 1, windowMs: 60_000, onError }),
    new Throttle(counters, { name: 'resend-hour', max: 5, windowMs: 60 * 60_000, onError }),
  ];
}

/**
 * `GET api/me/{id}/resend-verification?token=`: a new link for an unverified account, only with the
 * token the registration or the login answered for this id (30 minutes);
 * without it, 403 and nothing is sent. Unknown ids and verified accounts get the same answer (no
 * account enumeration); every call counts against the id's limits (1 a minute, 5 an hour), so the
 * limits say nothing about the account either.
 */
export async function resendVerification(
  db: Db,
  keys: Keys,
  limits: Throttle[],
  request: { userId: number; token: string | undefined },
  now: Date,
): Promise<void> {
  const { userId } = request;
  if (!isResendTokenValid(keys.appKey, userId, request.token, now)) {
    throw new AppError(403, 'verification.resendExpired');
  }
  const key = String(userId);
  const waits = await Promise.all(limits.map((limit) => limit.retryAfter(key)));
  const wait = Math.max(...waits);
  if (wait > 0) throw tooManyAttempts(wait);
  await Promise.all(limits.map((limit) => limit.hit(key)));

  const user = await findUserById(db, userId);
  if (user && !user.emailVerifiedAt) await queueVerificationMail(db, keys, user, now);
}
