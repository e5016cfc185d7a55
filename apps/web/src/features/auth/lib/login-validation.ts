import type { Language } from '@ensaya/core/i18n/language';
import { LoginRequest } from '@ensaya/core/contracts/auth';
import { translateIssueMessage } from '@ensaya/core/validation/zod-messages';

/**
 * The login form checks its fields with the API's own schema (one rule, one place), so the
 * browser and the server can never disagree on what a valid e-mail is.
 */
export function loginFieldError(
  field: keyof LoginRequest,
  value: unknown,
  language: Language,
): string | undefined {
  const result = LoginRequest.shape[field].safeParse(value ?? '');
  if (result.success) return undefined;
  const key = result.error.issues[0]?.message ?? 'validation.invalid';
  // An empty password reads 'Please fill in the required fields.' (spec 000, section 5).
  return translateIssueMessage(language, key === 'validation.required' ? 'error.validation' : key);
}
