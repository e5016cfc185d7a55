// Accounts: who the student is. Registration, e-mail verification, login and sessions, password
// reset, the account page (profile, avatar, e-mail change, deletion), addresses and Chile's
// communes, and the users repository the others read.
// Public face: other areas import from this file only (lint: .dependency-cruiser.cjs).
export { AVATAR_MAX_BYTES } from './account/avatar.ts';
export { accountRoutes } from './account/routes.ts';
export { addressRoutes } from './addresses/routes.ts';
export { hashPassword, verifyPassword } from './auth/password.ts';
export { authRoutes } from './auth/routes.ts';
export { emailVerificationRoutes } from './email-verification/routes.ts';
export { geographyRoutes } from './geography/routes.ts';
export { passwordResetRoutes } from './password-reset/routes.ts';
export { registrationRoutes } from './registration/routes.ts';
export { deleteExpiredSessions } from './sessions/repo.ts';
export type { SessionRow, SessionUser } from './sessions/repo.ts';
export * as sessionsRepo from './sessions/repo.ts';
