import type { BaseMessageKey as MessageKey } from '../i18n/base-messages.ts';

// Pure checks without Zod, so that the login page can use them without loading a schema library
// (its JavaScript budget is 200 KB). Core's `LoginRequest` schema applies the very same functions.

/** A pragmatic address check: something@domain.tld, no spaces, one @. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** What is wrong with a login e-mail (after trimming), or undefined (spec 000, section 5). */
export function loginEmailProblem(value: string): MessageKey | undefined {
  const email = value.trim();
  if (email === '') return 'validation.emailRequired';
  if (!isValidEmail(email)) return 'validation.email';
  return undefined;
}

/** What is wrong with a login password (after trimming), or undefined. */
export function loginPasswordProblem(value: string): MessageKey | undefined {
  return value.trim() === '' ? 'validation.required' : undefined;
}
