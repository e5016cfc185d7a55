import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChangePasswordRequest, UpdateProfileRequest } from '@ensaya/core/contracts/accounts';
import type { AccountProfile } from '@ensaya/core/contracts/account-responses';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import type { Config } from '../../../config.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, fieldError, unauthenticated } from '../../../lib/app-error.ts';
import { getAddress } from '../addresses/service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import * as users from '../users/repo.ts';
import { deleteUserSessions } from '../sessions/repo.ts';
import type { SessionCache } from '../../../lib/session-cache.ts';
import { AVATAR_MAX_BYTES, toAvatarJpeg } from './avatar.ts';
import { requestEmailChange, takeTurn, type EmailChangeLimits } from './email-change.ts';

export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function presentProfile(
  user: users.UserRow,
  address: AccountProfile['address'],
): AccountProfile {
  return {
    id: user.id,
    name: user.name,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    tax_id: user.taxId,
    avatar: user.avatarPath,
    permissions: user.permissions,
    role: user.role,
    language: user.language,
    timezone: user.timezone,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    country_id: user.countryId,
    address,
    pending_email: user.pendingEmail,
  };
}

export async function getProfile(db: DbOrTx, userId: number): Promise<AccountProfile> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthenticated();
  return presentProfile(user, user.addressId ? await getAddress(db, user.addressId) : null);
}

/**
 * `PATCH api/me`: the personal-data section (the tax id is read-only). A new e-mail address needs
 * the current password and must be free; it waits as the pending address until the link mailed
 * to it is opened (`email-change.ts`), and the account keeps its address meanwhile. A wrong or
 * missing password is a 422 on `current_password` and changes nothing. The session stays.
 */
export async function updateProfile(
  db: Db,
  keys: { appKey: string; appUrl: string },
  limits: EmailChangeLimits,
  userId: number,
  body: UpdateProfileRequest,
  now: Date,
): Promise<{ profile: AccountProfile; message: { key: MessageKey; params?: { email: string } } }> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthenticated();
  const isNewEmail = body.email !== user.email;
  if (isNewEmail) {
    if (!body.current_password) {
      throw fieldError('current_password', 'account.emailPasswordRequired');
    }
    await takeTurn(limits.requests, userId);
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      throw fieldError('current_password', 'passwords.currentWrong');
    }
    if (await users.findUserByEmail(db, body.email)) {
      throw fieldError('email', 'validation.emailTaken');
    }
  }
  return db.transaction(async (tx) => {
    await users.updateUser(tx, userId, {
      name: body.name,
      lastName: body.last_name,
      // The form sends no phone when the field is empty: the one on file stays.
      phone: body.phone ?? user.phone,
      timezone: body.timezone ?? user.timezone,
      language: body.language ?? user.language,
      termsAccepted: body.terms_and_conditions ?? user.termsAccepted,
    });
    if (isNewEmail) await requestEmailChange(tx, keys, userId, body.email, now);
    return {
      profile: await getProfile(tx, userId),
      message: isNewEmail
        ? { key: 'account.emailChangePending', params: { email: body.email } }
        : { key: 'account.updated' },
    };
  });
}

/** `POST api/change-password`: the current password, then every other session of the user ends. */
export async function changePassword(
  db: Db,
  sessionCache: SessionCache,
  userId: number,
  currentSessionId: string | undefined,
  body: ChangePasswordRequest,
): Promise<void> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    throw new AppError(400, 'passwords.currentWrong');
  }
  const passwordHash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await users.updateUser(tx, userId, { passwordHash });
    await deleteUserSessions(tx, userId, currentSessionId);
  });
  // Committed: the ended sessions leave every instance's cache now.
  await sessionCache.userChanged(userId, currentSessionId);
}

/** What the avatar route reads from the multipart request (@fastify/multipart's file). */
export type UploadedFile = { fieldname: string; toBuffer(): Promise<Buffer> };

/**
 * `POST api/profile-upload`: checks the file by its content (JPEG or PNG, at most 2 MB), stores it
 * re-encoded as `<uploads>/avatars/<user>-<random>.jpg` and removes the previous one.
 */
export async function saveAvatar(
  db: Db,
  config: Pick<Config, 'uploadsDir'>,
  userId: number,
  file: UploadedFile | undefined,
): Promise<string> {
  if (!file || file.fieldname !== 'file') throw fieldError('file', 'avatar.required');
  let input: Buffer;
  try {
    input = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('file', 'avatar.tooLarge');
    }
    throw error;
  }
  if (input.length === 0) throw fieldError('file', 'avatar.required');
  if (input.length > AVATAR_MAX_BYTES) throw fieldError('file', 'avatar.tooLarge');
  const jpeg = await toAvatarJpeg(input);
  if (!jpeg) throw fieldError('file', 'avatar.type');

  const user = await users.findUserById(db, userId);
  if (!user) throw unauthenticated();
  const dir = path.join(config.uploadsDir, 'avatars');
  const fileName = `${userId}-${randomBytes(12).toString('hex')}.jpg`;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, fileName), jpeg);
  const avatarPath = AVATAR_URL_PREFIX + fileName;
  try {
    await users.updateUser(db, userId, { avatarPath });
  } catch (error) {
    await rm(path.join(dir, fileName), { force: true });
    throw error;
  }
  if (user.avatarPath?.startsWith(AVATAR_URL_PREFIX)) {
    await rm(path.join(dir, path.basename(user.avatarPath)), { force: true });
  }
  return avatarPath;
}
