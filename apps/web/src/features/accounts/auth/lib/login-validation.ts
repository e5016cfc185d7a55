import type { Language } from '@ensaya/core/i18n/language';
import { translateBase as translate } from '@ensaya/core/i18n/base-messages';
import { loginEmailProblem, loginPasswordProblem } from '@ensaya/core/validation/login';

/**
 * The login form applies core's own login rules (the API's `LoginRequest` schema runs the same
 * functions), so the browser and the server never disagree on what a valid e-mail is.
 */
export function loginFieldError(
  field: 'email' | 'password',
  value: unknown,
  language: Language,
): string | undefined {
  const text = typeof value === 'string' ? value : '';
  if (field === 'email') {
    const key = loginEmailProblem(text);
    return key && translate(language, key);
  }
  // An empty password reads 'Please fill in the required fields.' (spec 000, section 5).
  return loginPasswordProblem(text) && translate(language, 'error.validation');
}
