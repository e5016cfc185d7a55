import { z } from 'zod';
import type { MessageKey } from '../i18n/messages.ts';
import {
  confirmationProblem,
  dniProblem,
  nameProblem,
  passwordProblem,
  phoneDigits,
  phoneProblem,
  postalCodeProblem,
} from '../validation/account.ts';
import { isValidEmail } from '../validation/login.ts';
import { isValidRut, normalizeRut } from '../validation/rut.ts';
import { timeZoneProblem } from '../validation/timezone.ts';
import { SelectedId } from './ids.ts';

/** Chile's ISO 3166 numeric code: the country whose tax id is the Rut. */
export const CHILE_COUNTRY_ID = 152;

/** A string checked by one of core's pure rules, reporting its message key. */
export function ruleString(
  problem: (value: string) => MessageKey | undefined,
  options: { trim?: boolean } = {},
) {
  const base = options.trim === false ? z.string() : z.string().trim();
  return base.superRefine((value, context) => {
    const key = problem(value);
    if (key) context.addIssue({ code: 'custom', message: key });
  });
}

const email = ruleString((value) =>
  value === '' ? 'validation.emailRequired' : isValidEmail(value) ? undefined : 'validation.email',
).transform((value) => value.toLowerCase());

const phone = ruleString(phoneProblem).transform(phoneDigits);

/** An IANA time zone name (the browser's own, sent at registration). */
const timeZone = ruleString(timeZoneProblem);

/**
 * Cross-field checks run even when another field failed, so a form learns every problem at once;
 * they read their inputs defensively for that reason. A body that is not an object (`null`, a
 * string) has nothing to cross-check: the object's own 422 says so.
 */
const ALWAYS = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The spec sends flags as '1'/'0'; booleans are accepted too. */
const flag = z
  .union([z.boolean(), z.enum(['1', '0']), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === '1' || v === 1);

/**
 * `POST api/register` (spec 000, section 7) plus `country_id` (Chile by default) and an optional
 * `password_confirmation`. The tax id is a Rut for Chile and a DNI elsewhere.
 */
export const RegisterRequest = z
  .object({
    name: ruleString(nameProblem),
    last_name: ruleString(nameProblem),
    email,
    password: ruleString(passwordProblem, { trim: false }),
    password_confirmation: z.string().optional(),
    phone,
    country_id: SelectedId.default(CHILE_COUNTRY_ID),
    // Checked below with the country: a Rut for Chile, a DNI elsewhere.
    tax_id: z.string().trim(),
    timezone: timeZone.default('America/Santiago'),
    language: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['es', 'en']))
      .default('es'),
    terms_and_conditions: flag.refine((accepted) => accepted, 'validation.terms'),
    /**
     * The package chosen at `/registro/{id}`: the verification link carries it, so the
     * sign-up goes on with it chosen on whatever device the mail is opened. Only a preselection:
     * the wizard checks it is for sale.
     */
    package_id: z.number().int().positive().max(2_147_483_647).optional(),
  })
  .superRefine((value, context) => {
    if (value.password_confirmation !== undefined) {
      const key = confirmationProblem(text(value.password), text(value.password_confirmation));
      if (key) context.addIssue({ code: 'custom', path: ['password_confirmation'], message: key });
    }
    const taxId = text(value.tax_id).trim();
    const isChile = Number(value.country_id ?? CHILE_COUNTRY_ID) === CHILE_COUNTRY_ID;
    const taxKey = !isChile
      ? dniProblem(taxId)
      : taxId === ''
        ? 'validation.required'
        : isValidRut(taxId)
          ? undefined
          : 'validation.rut';
    if (taxKey) context.addIssue({ code: 'custom', path: ['tax_id'], message: taxKey });
  }, ALWAYS)
  .transform((value) => ({
    ...value,
    tax_id: value.country_id === CHILE_COUNTRY_ID ? normalizeRut(value.tax_id) : value.tax_id,
  }));
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** `PATCH api/me`: the personal-data section; the tax id is read-only and never accepted here. */
export const UpdateProfileRequest = z.object({
  name: ruleString(nameProblem),
  last_name: ruleString(nameProblem),
  email,
  phone: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) =>
      value === null || value === undefined || value === '' ? undefined : String(value),
    )
    .pipe(ruleString(phoneProblem).transform(phoneDigits).optional()),
  timezone: timeZone.optional(),
  language: z.enum(['es', 'en']).optional(),
  terms_and_conditions: flag.optional(),
  /** Needed only when `email` is a new address: the account's current password. */
  current_password: z.string().max(200).optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** `POST api/change-password`: current, new and confirmation, all required. */
export const ChangePasswordRequest = z
  .object({
    old_password: ruleString((value) => (value === '' ? 'validation.required' : undefined), {
      trim: false,
    }),
    new_password: ruleString(passwordProblem, { trim: false }),
    new_password_confirmation: z.string(),
  })
  .superRefine((value, context) => {
    const key = confirmationProblem(
      text(value.new_password),
      text(value.new_password_confirmation),
    );
    if (key)
      context.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: key });
  }, ALWAYS);
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const ForgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z
  .object({
    token: z.string().trim().min(1, 'validation.required').max(200),
    email,
    password: ruleString(passwordProblem, { trim: false }),
    password_confirmation: z.string(),
  })
  .superRefine((value, context) => {
    const key = confirmationProblem(text(value.password), text(value.password_confirmation));
    if (key) context.addIssue({ code: 'custom', path: ['password_confirmation'], message: key });
  }, ALWAYS);
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** `POST api/addresses[/{id}]`: the address section (or, with only `town_id`, the location section). */
export const AddressRequest = z.object({
  address_line_1: ruleString((value) => (value === '' ? 'validation.required' : undefined)).pipe(
    z.string().max(120),
  ),
  address_line_2: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((value) => value || null),
  town_id: SelectedId,
  zip_code: ruleString(postalCodeProblem),
});
export type AddressRequest = z.infer<typeof AddressRequest>;

export const AddressTownRequest = z.object({ town_id: SelectedId });
export type AddressTownRequest = z.infer<typeof AddressTownRequest>;
