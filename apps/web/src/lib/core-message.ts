import { baseMessages, fillMessage } from '@ensaya/core/i18n/base-messages';
import type { Language } from '@ensaya/core/i18n/language';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import { currentLanguage } from './i18n.ts';

/**
 * The catalogue the forms read: core's base messages (sign-in, registration, account) from the
 * start, and the whole catalogue once `core-messages-full.ts` has loaded with the first page that
 * needs it, so the login page does not carry the back office's or the engine's texts.
 */
const catalogue: Record<Language, Partial<Record<MessageKey, string>>> = {
  es: { ...baseMessages.es },
  en: { ...baseMessages.en },
};

export function addCoreMessages(messages: Record<Language, Record<MessageKey, string>>): void {
  Object.assign(catalogue.es, messages.es);
  Object.assign(catalogue.en, messages.en);
}

function translate(language: Language, key: MessageKey): string {
  return fillMessage(catalogue[language][key] ?? catalogue.es[key] ?? key);
}

/**
 * Core's rules answer with message keys; the forms show the catalogue's text in the interface
 * language, the very text the API sends for the same problem.
 */
export function coreMessage(key: MessageKey): string;
export function coreMessage(key: MessageKey | undefined): string | undefined;
export function coreMessage(key: MessageKey | undefined): string | undefined {
  return key && translate(currentLanguage(), key);
}

/** 'Please fill in the required fields.' (the spec's msgRequired), as the form's message. */
export function requiredFieldsMessage(): string {
  return translate(currentLanguage(), 'error.validation');
}
