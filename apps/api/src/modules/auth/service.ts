import type { LoginRequest, UserProfile } from '@ensaya/core/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError, unauthenticated } from '../../lib/app-error.ts';
import { verifyPassword } from './password.ts';
import * as repo from './repo.ts';

// Verifying against a real hash when the e-mail is unknown keeps the answer time the same either
// way, so response times do not reveal which e-mails have accounts.
const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$WUMLbcZlAtLcfjzVSTGCxA$6NTQUbdwFj80JoS90yoV3qP55mt+fzbU+OptXeBM+Qg';

export async function authenticate(db: Db, credentials: LoginRequest): Promise<repo.UserRow> {
  const user = await repo.findUserByEmail(db, credentials.email);
  const isValid = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, credentials.password);
  if (!user || !isValid) {
    throw new AppError(422, 'auth.failed', { fields: { email: ['auth.failed'] } });
  }
  return user;
}

export async function getProfile(db: Db, userId: number): Promise<UserProfile> {
  const user = await repo.findUserById(db, userId);
  if (!user) throw unauthenticated();
  return presentUser(user);
}

export function presentUser(user: repo.UserRow): UserProfile {
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
  };
}
