import { z } from 'zod';
import { UserProfile } from './auth.ts';

// Responses of the accounts API (registration, verification, profile, password, avatar, address),
// declared once so the API documents and checks them and the web app reads their types.

/** A message for the user, in the request's language. */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

const Named = z.object({ id: z.number().int(), name: z.string() });

/** The user's address with its commune (town), province (city) and region (state). */
export const ProfileAddress = z.object({
  id: z.number().int(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  zip_code: z.string(),
  town_id: z.number().int(),
  town: Named,
  city: Named,
  state: Named,
});
export type ProfileAddress = z.infer<typeof ProfileAddress>;

/** The profile as `GET api/me`, `PATCH api/me` and login return it. */
export const AccountProfile = UserProfile.extend({
  country_id: z.number().int().nullable(),
  address: ProfileAddress.nullable(),
  /** A new e-mail address waiting for its confirmation link; `email` stays until it is opened. */
  pending_email: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof AccountProfile>;

export const AccountProfileResponse = z.object({ data: AccountProfile });
export type AccountProfileResponse = z.infer<typeof AccountProfileResponse>;

/**
 * `POST api/email/verify/{id}/{hash}`: the message, and the profile of the session it
 * started when this opening verified the address (the link signs in once); null otherwise.
 */
export const VerifyEmailSignInResponse = z.object({
  message: z.string(),
  data: AccountProfile.nullable(),
});
export type VerifyEmailSignInResponse = z.infer<typeof VerifyEmailSignInResponse>;

export const UpdateProfileResponse = z.object({ data: AccountProfile, message: z.string() });
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;

/**
 * A short-lived signed token for `GET api/me/{id}/resend-verification?token=`: the resend link
 * works only for whoever just registered or logged in with the right password.
 */
const ResendToken = z.string();

/** `POST api/register`: the new account (not signed in) and what to do next. */
export const RegisterResponse = z.object({
  data: z.object({ id: z.number().int(), email: z.string(), resend_token: ResendToken }),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/**
 * `POST api/login` with the right password but an unverified e-mail: 403 with the user's id and
 * the token its resend link needs.
 */
export const VerifyEmailError = z.object({
  message: z.string(),
  errors: z.object({ verify: z.array(z.string()) }),
  user_id: z.number().int(),
  resend_token: ResendToken,
});
export type VerifyEmailError = z.infer<typeof VerifyEmailError>;

/** `POST api/forgot-password`: the same status text whether or not the e-mail has an account. */
export const ForgotPasswordResponse = z.object({ status: z.string() });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

/** `POST api/profile-upload`: the avatar's new path (`/uploads/avatars/<file>.jpg`). */
export const AvatarResponse = z.object({ data: z.string(), message: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

export const AddressResponse = z.object({ data: ProfileAddress });
export type AddressResponse = z.infer<typeof AddressResponse>;
