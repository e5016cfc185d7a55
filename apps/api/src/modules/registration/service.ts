import { CHILE_COUNTRY_ID, type RegisterRequest } from '@ensaya/core/contracts/accounts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../auth/password.ts';
import { findUserByEmail } from '../auth/repo.ts';
import { queueVerificationMail } from '../email-verification/service.ts';
import * as repo from './repo.ts';

/**
 * `POST api/register`: creates an unverified student and queues the verification mail in the
 * student's language, in one transaction. It does not sign in: login waits for the verification.
 */
export async function register(
  db: Db,
  keys: { appKey: string; appUrl: string },
  body: RegisterRequest,
  now: Date,
): Promise<{ id: number; email: string }> {
  // Cheap checks first: hashing is the slow part and a taken e-mail should not wait for it.
  if (await findUserByEmail(db, body.email)) throw fieldError('email', 'validation.emailTaken');
  if (!(await repo.countryExists(db, body.country_id))) {
    throw fieldError('country_id', 'validation.countryUnknown');
  }
  const passwordHash = await hashPassword(body.password);
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
      await queueVerificationMail(tx, keys, user, now);
      return { id: user.id, email: user.email };
    });
  } catch (error) {
    // Two registrations of one address at once: the second loses at the unique index.
    if (isUniqueViolation(error, 'users_email_unique'))
      throw fieldError('email', 'validation.emailTaken');
    throw error;
  }
}
