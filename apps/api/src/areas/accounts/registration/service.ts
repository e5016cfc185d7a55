import { CHILE_COUNTRY_ID, type RegisterRequest } from '@ensaya/core/contracts/accounts';
import { isLanguage } from '@ensaya/core/i18n/language';
import type { Db } from '../../../db/client.ts';
import { fieldError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { Throttle, type CounterStore } from '../../../lib/throttle.ts';
import { hashPassword } from '../auth/password.ts';
import { findUserByEmail, type UserRow } from '../users/repo.ts';
import { queueVerificationMail } from '../email-verification/service.ts';
import { signResendToken } from '../email-verification/signed-link.ts';
import { queueMail } from '../../platform/index.ts';
import * as repo from './repo.ts';

type Keys = { appKey: string; appUrl: string };

/** Mails to an account's owner about registrations with its address: at most 3 an hour. */
export function createAttemptNotices(
  counters: CounterStore,
  onError?: (error: unknown) => void,
): Throttle {
  return new Throttle(counters, {
    name: 'registration-attempt-mail',
    max: 3,
    windowMs: 60 * 60_000,
    onError,
  });
}

/**
 * `POST api/register`: creates an unverified student and queues the verification mail in the
 * student's language, in one transaction. It does not sign in: login waits for the verification.
 *
 * A stranger must not learn whether an e-mail has an account: an address
 * that has one gets the same answer, after the same password hashing, and its owner gets a mail
 * saying someone tried to register with it. Other validation errors still answer 422.
 *
 * The answer carries the token that the e-mail step's resend link needs, signed
 * for its id either way.
 */
export async function register(
  db: Db,
  keys: Keys,
  notices: Throttle,
  body: RegisterRequest,
  now: Date,
): Promise<{ id: number; email: string; resend_token: string }> {
  const account = await createAccount(db, keys, notices, body, now);
  return { ...account, resend_token: signResendToken(keys.appKey, account.id, now) };
}

async function createAccount(
  db: Db,
  keys: Keys,
  notices: Throttle,
  body: RegisterRequest,
  now: Date,
): Promise<{ id: number; email: string }> {
  if (!(await repo.countryExists(db, body.country_id))) {
    throw fieldError('country_id', 'validation.countryUnknown');
  }
  // Hashed whether or not the e-mail is taken: the answer's time must not tell the two apart.
  const passwordHash = await hashPassword(body.password);
  const owner = await findUserByEmail(db, body.email);
  if (owner) return answerForTakenEmail(db, keys, notices, owner);
  try {
    return await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        name: body.name,
        lastName: body.last_name,
        email: body.email,
        passwordHash,
        phone: body.phone,
        taxId: body.tax_id,
        taxIdType: body.country_id === CHILE_COUNTRY_ID ? 'rut' : 'dni',
        countryId: body.country_id,
        timezone: body.timezone,
        language: body.language,
        termsAccepted: body.terms_and_conditions,
      });
      await queueVerificationMail(tx, keys, user, now, body.package_id);
      return { id: user.id, email: user.email };
    });
  } catch (error) {
    // Two registrations of one address at once: the second loses at the unique index.
    const winner = isUniqueViolation(error, 'users_email_unique')
      ? await findUserByEmail(db, body.email)
      : undefined;
    if (winner) return answerForTakenEmail(db, keys, notices, winner);
    throw error;
  }
}

/**
 * The answer a new account would get. Its id is drawn from the same sequence as a new account's,
 * so it looks like one; no row ever gets it, and resending the link for it does what it does for
 * any unknown id (nothing, with the same answer).
 */
async function answerForTakenEmail(
  db: Db,
  keys: Keys,
  notices: Throttle,
  owner: UserRow,
): Promise<{ id: number; email: string }> {
  const id = await repo.reserveUserId(db);
  if ((await notices.retryAfter(String(owner.id))) === 0) {
    await notices.hit(String(owner.id));
    await queueMail(db, {
      to: owner.email,
      language: isLanguage(owner.language) ? owner.language : 'es',
      template: 'registration-attempt',
      data: {
        name: owner.name,
        loginUrl: `${keys.appUrl}/login`,
        resetUrl: `${keys.appUrl}/olvido`,
      },
      appUrl: keys.appUrl,
    });
  }
  return { id, email: owner.email };
}
