import { z } from 'zod';

/** `POST api/login`: e-mail and password, both trimmed (spec 000, section 5). */
export const LoginRequest = z.object({
  email: z
    .string({ error: 'validation.emailRequired' })
    .trim()
    .min(1, 'validation.emailRequired')
    .pipe(z.email('validation.email')),
  password: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The profile as `GET api/me` and login return it. */
export const UserProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  tax_id: z.string().nullable(),
  avatar: z.string().nullable(),
  permissions: z.array(z.string()),
  role: z.enum(['student', 'admin']),
  language: z.string(),
  timezone: z.string(),
  email_verified_at: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const UserProfileResponse = z.object({ data: UserProfile });
export type UserProfileResponse = z.infer<typeof UserProfileResponse>;
