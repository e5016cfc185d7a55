import { z } from 'zod';
import { isMessageKey, translate, type MessageKey } from '../i18n/messages.ts';
import type { Language } from '../i18n/language.ts';

type Issue = z.core.$ZodRawIssue;

/**
 * Zod issues carry message keys of our catalogue instead of English text, so that the API and the
 * web app can show them in the reader's language. Schemas may name a key themselves
 * (`z.email('validation.email')`); everything else gets one here, by issue kind.
 */
export function messageKeyForIssue(issue: Issue): MessageKey {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? 'validation.required'
        : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.tooShort';
      }
      return 'validation.tooSmall';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    case 'unrecognized_keys':
      return 'validation.unknownField';
    default:
      return 'validation.invalid';
  }
}

let installed = false;

/** Makes every Zod schema report message keys; call once at start-up (API and web app). */
export function installZodMessageKeys(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => messageKeyForIssue(issue) });
}

/** Placeholders a message key may use, taken from the issue's details. */
export function issueParams(details: Record<string, unknown>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (details.minimum !== undefined) params.min = Number(details.minimum);
  if (details.maximum !== undefined) params.max = Number(details.maximum);
  if (Array.isArray(details.keys)) params.keys = details.keys.join(', ');
  return params;
}

/** Translates an issue message that is a key; leaves any other text as it is. */
export function translateIssueMessage(
  language: Language,
  message: string,
  details: Record<string, unknown> = {},
): string {
  return isMessageKey(message) ? translate(language, message, issueParams(details)) : message;
}

/** Field errors of a failed parse, as the API's `errors` object: `{ field: [messages] }`. */
export function fieldErrors(language: Language, error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (errors[field] ??= []).push(
      translateIssueMessage(language, issue.message, issue as unknown as Record<string, unknown>),
    );
  }
  return errors;
}
