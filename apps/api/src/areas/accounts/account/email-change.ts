import { isLanguage } from '@ensaya/core/i18n/language';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, tooManyAttempts } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { Throttle, type CounterStore } from '../../../lib/throttle.ts';
import * as users from '../users/repo.ts';
import { emailLinkUrl } from '../email-verification/service.ts';
import {
  emailHash,
  isEmailLinkValid,
  parseEmailLink,
  VERIFICATION_LINK_MINUTES,
  type EmailLinkParts,
} from '../email-verification/signed-link.ts';
import { queueMail } from '../../platform/index.ts';
import { deleteUnusedTokens } from '../password-reset/repo.ts';

// A new e-mail address never replaces the account's on the word of a session:
// the request needs the current password, the address waits in `pending_email` (login still uses
// the old one) until the link mailed to it is opened, the old address hears of it, and every
// reset, verification and earlier change link mailed before stops working.

type Keys = { appKey: string; appUrl: string };

export type EmailChangeLimits = { requests: Throttle[]; resends: Throttle[] };

/**
 * Per account: 10 requests an hour (counted before the password is checked, so they also bound
 * guessing it with a stolen session), and resends of the link 1 a minute and 5 an hour.
 */
export function createEmailChangeLimits(
  counters: CounterStore,
  onError?: (error: unknown) => void,
): EmailChangeLimits {
  return {
    requests: [
      new Throttle(counters, {
        name: 'email-change-hour',
        max: 10,
        windowMs: 60 * 60_000,
        onError,
      }),
    ],
    resends: [
      new Throttle(counters, {
        name: 'email-change-resend-minute',
        max: 1,
        windowMs: 60_000,
        onError,
      }),
      new Throttle(counters, {
        name: 'email-change-resend-hour',
        max: 5,
        windowMs: 60 * 60_000,
        onError,
      }),
    ],
  };
}

/** Counts one try against every limit, or answers 429 when one of them is used up. */
export async function takeTurn(limits: Throttle[], userId: number): Promise<void> {
  const key = String(userId);
  const wait = Math.max(...(await Promise.all(limits.map((limit) => limit.retryAfter(key)))));
  if (wait > 0) throw tooManyAttempts(wait);
  await Promise.all(limits.map((limit) => limit.hit(key)));
}

const languageOf = (user: users.UserRow) => (isLanguage(user.language) ? user.language : 'es');

/** The link that confirms the pending address, mailed to it in the student's language. */
async function queueConfirmationMail(db: DbOrTx, keys: Keys, user: users.UserRow, now: Date) {
  const pendingEmail = user.pendingEmail!;
  const link = { userId: user.id, email: pendingEmail, version: user.emailLinkVersion };
  await queueMail(db, {
    to: pendingEmail,
    language: languageOf(user),
    template: 'confirm-email-change',
    data: {
      name: user.name,
      url: emailLinkUrl(keys, 'email-change', link, now),
      minutes: VERIFICATION_LINK_MINUTES,
    },
    appUrl: keys.appUrl,
  });
}

/**
 * Within `PATCH api/me`, after the password was checked: `newEmail` becomes the pending address,
 * older links are void (a new link version, the unused reset tokens deleted), the new address gets
 * its confirmation link and the account's address a notice.
 */
export async function requestEmailChange(
  tx: DbOrTx,
  keys: Keys,
  userId: number,
  newEmail: string,
  now: Date,
): Promise<void> {
  const user = await users.updateUserVoidingLinks(tx, userId, { pendingEmail: newEmail });
  if (!user) return;
  await deleteUnusedTokens(tx, userId);
  await queueConfirmationMail(tx, keys, user, now);
  await queueMail(tx, {
    to: user.email,
    language: languageOf(user),
    template: 'email-change-requested',
    data: { name: user.name, newEmail, url: `${keys.appUrl}/cuenta/editar` },
    appUrl: keys.appUrl,
  });
}

/** `POST api/me/email-change/resend`: the pending address's link again (the same version). */
export async function resendEmailChange(
  db: Db,
  keys: Keys,
  limits: EmailChangeLimits,
  userId: number,
  now: Date,
): Promise<string> {
  const user = await users.findUserById(db, userId);
  if (!user?.pendingEmail) throw new AppError(404, 'account.noEmailChange');
  await takeTurn(limits.resends, userId);
  await queueConfirmationMail(db, keys, user, now);
  return user.pendingEmail;
}

/** `DELETE api/me/email-change`: forgets the pending address and voids its links. */
export async function cancelEmailChange(db: Db, userId: number): Promise<void> {
  const user = await users.findUserById(db, userId);
  if (user?.pendingEmail) await users.updateUserVoidingLinks(db, userId, { pendingEmail: null });
}

/**
 * `GET api/email/change/{id}/{hash}`: the link mailed to the pending address makes it the
 * account's address, verified (the link reached it); the old address is told. Opening it again
 * is a success. A tampered, expired or voided link is 403; an address another account took in
 * the meantime is 409, and the pending change is dropped. Answers the account's address now.
 */
export async function confirmEmailChange(
  db: Db,
  keys: Keys,
  parts: EmailLinkParts,
  now: Date,
): Promise<string> {
  const failed = () => new AppError(403, 'account.emailChangeFailed');
  const link = parseEmailLink(parts);
  if (!link) throw failed();
  const user = await users.findUserById(db, link.userId);
  if (!user || !isEmailLinkValid(keys.appKey, 'email-change', link, user.emailLinkVersion, now)) {
    throw failed();
  }
  const newEmail = user.pendingEmail;
  if (newEmail === null || emailHash(newEmail) !== link.hash) {
    // Already confirmed with this link (or a resent one): the same success.
    if (emailHash(user.email) === link.hash) return user.email;
    throw failed();
  }
  const taken = () =>
    new AppError(409, 'account.emailChangeTaken', { params: { email: newEmail } });
  const owner = await users.findUserByEmail(db, newEmail);
  try {
    if (owner && owner.id !== user.id) throw taken();
    await db.transaction(async (tx) => {
      const pending = { ...user, pendingEmail: newEmail };
      // Canceled or asked again since the link was checked: this link is void.
      if (!(await users.confirmPendingEmail(tx, pending, now))) throw failed();
      await deleteUnusedTokens(tx, user.id);
      await queueMail(tx, {
        to: user.email,
        language: languageOf(user),
        template: 'email-changed',
        data: { name: user.name, newEmail, url: keys.appUrl },
        appUrl: keys.appUrl,
      });
    });
    return newEmail;
  } catch (error) {
    const isTaken =
      (error instanceof AppError && error.statusCode === 409) ||
      isUniqueViolation(error, 'users_email_unique');
    if (!isTaken) throw error;
    // Nothing left to confirm: the account keeps its address and the page stops showing the change.
    await users.updateUserVoidingLinks(db, user.id, { pendingEmail: null });
    throw taken();
  }
}
