import type { LoginRequest } from '@ensaya/core/contracts/auth';
import type { AccountProfile } from '@ensaya/core/contracts/account-responses';
import type { Db } from '../../db/client.ts';
import { AppError, tooManyAttempts } from '../../lib/app-error.ts';
import type { Throttle } from '../../lib/throttle.ts';
import { getProfile } from '../account/service.ts';
import { verifyPassword } from './password.ts';
import * as repo from './repo.ts';

// Verifying against a real hash when the e-mail is unknown keeps the answer time the same either
// way, so response times do not reveal which e-mails have accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$WUMLbcZlAtLcfjzVSTGCxA$6NTQUbdwFj80JoS90yoV3qP55mt+fzbU+OptXeBM+Qg';

/** Failed logins allowed per e-mail and client address in a minute (issue 3). */
export const LOGIN_FAILURES_PER_MINUTE = 5;

/**
 * Checks the credentials. Wrong ones count against the e-mail and address (a 6th failure within the
 * minute, and anything after it until the minute passes, is 429 whatever the password); right ones
 * clear the count. An unverified account is refused with 403 and its id, so the page can offer
 * to resend the link.
 */
export async function login(
  db: Db,
  failures: Throttle,
  credentials: LoginRequest,
  clientAddress: string,
): Promise<{ userId: number; profile: AccountProfile }> {
  const throttleKey = `${credentials.email.toLowerCase()}|${clientAddress}`;
  const wait = await failures.retryAfter(throttleKey);
  if (wait > 0) throw tooManyAttempts(wait);

  const user = await repo.findUserByEmail(db, credentials.email);
  const isValid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, credentials.password);
  if (!user || !isValid) {
    await failures.hit(throttleKey);
    throw new AppError(422, 'auth.failed', { fields: { email: ['auth.failed'] } });
  }
  await failures.clear(throttleKey);

  if (!user.emailVerifiedAt) {
    throw new AppError(403, 'auth.verify', {
      fields: { verify: ['auth.verify'] },
      extra: { user_id: user.id },
    });
  }
  return { userId: user.id, profile: await getProfile(db, user.id) };
}
