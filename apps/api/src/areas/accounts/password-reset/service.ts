import { createHash, randomBytes } from 'node:crypto';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@ensaya/core/contracts/accounts';
import { isLanguage } from '@ensaya/core/i18n/language';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { findUserByEmail, updateUserVoidingLinks } from '../users/repo.ts';
import { queueMail } from '../../platform/index.ts';
import { deleteUserSessions } from '../sessions/repo.ts';
import type { SessionCache } from '../../../lib/session-cache.ts';
import * as repo from './repo.ts';

export const RESET_TOKEN_MINUTES = 60;
/** One reset mail a minute per account: a second click sends nothing new (the first link works). */
const MIN_MS_BETWEEN_MAILS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * `POST api/forgot-password`: mails a single-use link valid for 60 minutes when the e-mail has an
 * account. The caller answers the same either way, so nobody learns which e-mails have accounts.
 */
export async function requestPasswordReset(
  db: Db,
  appUrl: string,
  body: ForgotPasswordRequest,
  now: Date,
): Promise<void> {
  const user = await findUserByEmail(db, body.email);
  if (!user) return;
  await db.transaction(async (tx) => {
    const latest = await repo.latestTokenCreatedAt(tx, user.id);
    if (latest && now.getTime() - latest.getTime() < MIN_MS_BETWEEN_MAILS) return;
    // Only the token's hash is stored: reading the table does not give working links.
    const token = randomBytes(32).toString('base64url');
    await repo.replaceTokens(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      email: user.email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    });
    const query = new URLSearchParams({ token, email: user.email });
    await queueMail(tx, {
      to: user.email,
      language: isLanguage(user.language) ? user.language : 'es',
      template: 'reset-password',
      data: {
        name: user.name,
        url: `${appUrl}/resetpassword?${query}`,
        minutes: RESET_TOKEN_MINUTES,
      },
      appUrl,
    });
  });
}

/**
 * `POST api/reset-password`: a live token sets the new password, is used up, and every session of
 * the user ends. A token works only for the address it was mailed to, and only while the account
 * has that address: then the link proved the address, so it counts as verified; a reset
 * never verifies another address. It also drops a pending e-mail change and voids the links
 * mailed so far: whoever asked for the change with the old password loses it with the password.
 */
export async function resetPassword(
  db: Db,
  sessionCache: SessionCache,
  body: ResetPasswordRequest,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const userId = await db.transaction(async (tx) => {
    const token = await repo.findLiveTokenForUpdate(tx, hashToken(body.token), now);
    if (!token || token.mailedTo !== body.email || token.accountEmail !== token.mailedTo) {
      throw new AppError(422, 'passwords.token', { fields: { token: ['passwords.token'] } });
    }
    await repo.markTokenUsed(tx, token.id, now);
    await updateUserVoidingLinks(tx, token.userId, {
      passwordHash,
      emailVerifiedAt: token.emailVerifiedAt ?? now,
      pendingEmail: null,
    });
    await deleteUserSessions(tx, token.userId);
    return token.userId;
  });
  // Committed: the ended sessions leave every instance's cache now.
  await sessionCache.userChanged(userId);
}
