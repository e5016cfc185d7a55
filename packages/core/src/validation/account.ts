import type { BaseMessageKey as MessageKey } from '../i18n/base-messages.ts';

// Account field rules (spec 000, section 5), as pure functions: the API's schemas and the web
// app's forms both call them, so each rule and its message live here once.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '#?!@$%^&*-';
export const PHONE_MAX_DIGITS = 11;
export const POSTAL_CODE_DIGITS = 7;
export const NAME_MAX_LENGTH = 60;

/** At least 8 characters with an upper-case letter, a lower-case letter, a digit and one of #?!@$%^&*-; no spaces. */
export function passwordProblem(value: string): MessageKey | undefined {
  if (value === '') return 'validation.required';
  if (/\s/.test(value)) return 'validation.passwordSpaces';
  const isStrong =
    value.length >= PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    [...PASSWORD_SPECIALS].some((char) => value.includes(char));
  return isStrong ? undefined : 'validation.passwordRules';
}

export function confirmationProblem(
  password: string,
  confirmation: string,
): MessageKey | undefined {
  if (confirmation === '') return 'validation.required';
  return password === confirmation ? undefined : 'validation.passwordMismatch';
}

/** Letters (accents and ñ included), with single spaces, hyphens or apostrophes between words. */
export function nameProblem(value: string): MessageKey | undefined {
  const name = value.trim();
  if (name === '') return 'validation.required';
  if (name.length > NAME_MAX_LENGTH) return 'validation.tooLong';
  return /^\p{L}+(?:[ '’-]\p{L}+)*$/u.test(name) ? undefined : 'validation.name';
}

/** A foreign national id: digits only. */
export function dniProblem(value: string): MessageKey | undefined {
  const dni = value.trim();
  if (dni === '') return 'validation.required';
  return /^\d{5,12}$/.test(dni) ? undefined : 'validation.dni';
}

/** Digits only (spaces, '+', '-' and parentheses of a mask are ignored): '+56 9 8765 4321' -> '56987654321'. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s+()-]/g, '');
}

/** A phone of 8 to 11 digits once the mask is removed. */
export function phoneProblem(value: string): MessageKey | undefined {
  const digits = phoneDigits(value);
  if (digits === '') return 'validation.required';
  if (!/^\d+$/.test(digits)) return 'validation.phone';
  return digits.length >= 8 && digits.length <= PHONE_MAX_DIGITS ? undefined : 'validation.phone';
}

export function postalCodeProblem(value: string): MessageKey | undefined {
  const code = value.trim();
  if (code === '') return 'validation.required';
  return new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`).test(code)
    ? undefined
    : 'validation.postalCode';
}
