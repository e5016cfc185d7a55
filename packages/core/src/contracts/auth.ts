import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import { loginEmailProblem, loginPasswordProblem } from '../validation/login.ts';

/** A trimmed string checked by one of core's pure rules, reporting its message key. */
function checkedString(problem: (value: string) => MessageKey | undefined) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const key = problem(value);
      if (key) context.addIssue({ code: 'custom', message: key });
    });
}

/** `POST api/login`: e-mail and password, both trimmed (spec 000, section 5). */
export const LoginRequest = z.object({
  email: checkedString(loginEmailProblem).meta({ format: 'email' }),
  password: checkedString(loginPasswordProblem),
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
