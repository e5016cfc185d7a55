import { createHash } from 'node:crypto';
import type { LoginRequest } from '@ensaya/core/contracts/auth';
import type { AccountProfile } from '@ensaya/core/contracts/account-responses';
import type { Db } from '../../../db/client.ts';
import { AppError, tooManyAttempts } from '../../../lib/app-error.ts';
import { Lockout, type CounterStore } from '../../../lib/throttle.ts';
import { getProfile } from '../account/service.ts';
import { signResendToken } from '../email-verification/signed-link.ts';
import { verifyPassword } from './password.ts';
import * as repo from '../users/repo.ts';

// Verifying against a real hash when the e-mail is unknown keeps the answer time the same either
// way, so response times do not reveal which e-mails have accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$WUMLbcZlAtLcfjzVSTGCxA$6NTQUbdwFj80JoS90yoV3qP55mt+fzbU+OptXeBM+Qg';

/**
 * Login throttles: failed logins per account (whatever the address, so many
 * addresses cannot share out the guessing) and per address (whatever the account, so one address
 * cannot spray many accounts). Past the allowance a key is locked for a minute, then 2, 4, 8 and
 * at most 15 minutes for each further lock within a day; every lock ends, and the account's right
 * password clears its count, so the owner is never locked out for good.
 */
export const LOGIN_THROTTLE = {
  account: { maxFailures: 10, windowMs: 15 * 60_000 },
  address: { maxFailures: 30, windowMs: 15 * 60_000 },
  firstLockMs: 60_000,
  maxLockMs: 15 * 60_000,
  memoryMs: 24 * 60 * 60_000,
} as const;

export type LoginThrottles = { account: Lockout; address: Lockout };

export function createLoginThrottles(
  counters: CounterStore,
  onError?: (error: unknown) => void,
): LoginThrottles {
  const { account, address, ...locks } = LOGIN_THROTTLE;
  return {
    account: new Lockout(counters, { name: 'login-account', ...account, ...locks, onError }),
    address: new Lockout(counters, { name: 'login-address', ...address, ...locks, onError }),
  };
}

/** The account's throttle key: a hash, so that the counter store holds no e-mail addresses. */
const accountKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * The address's throttle key. An IPv6 client usually holds a whole /64, so its addresses count
 * as one; IPv4 (and IPv4-mapped IPv6) counts per address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail] = ip.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Checks the credentials. A locked account or address gets 429 before the password is looked at
 * (no hashing work); so does a try past the account's allowance. Wrong credentials count against
 * the account and the address; right ones clear the account's count (not the address's: an
 * address trying many accounts must not reset its count with an account of its own). An
 * unverified account is refused with 403, its id and a resend token (signed with `appKey`), so the
 * page can offer to resend the link and nobody else can have it resent.
 */
export async function login(
  db: Db,
  appKey: string,
  throttles: LoginThrottles,
  credentials: LoginRequest,
  clientAddress: string,
  now: Date,
): Promise<{ userId: number; profile: AccountProfile }> {
  const account = accountKey(credentials.email);
  const address = addressKey(clientAddress);
  const wait = Math.max(
    await throttles.account.retryAfter(account),
    await throttles.address.retryAfter(address),
  );
  if (wait > 0) throw tooManyAttempts(wait);
  // Counted before the check, so concurrent tries from many addresses cannot all be evaluated
  // before the lock; a right password clears it below.
  const over = await throttles.account.fail(account);
  if (over > 0) throw tooManyAttempts(over);

  const user = await repo.findUserByEmail(db, credentials.email);
  const isValid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, credentials.password);
  if (!user || !isValid) {
    await throttles.address.fail(address);
    throw new AppError(422, 'auth.failed', { fields: { email: ['auth.failed'] } });
  }
  await throttles.account.clear(account);

  if (!user.emailVerifiedAt) {
    throw new AppError(403, 'auth.verify', {
      fields: { verify: ['auth.verify'] },
      extra: { user_id: user.id, resend_token: signResendToken(appKey, user.id, now) },
    });
  }
  return { userId: user.id, profile: await getProfile(db, user.id) };
}
