import { translate, type MessageKey } from '@ensaya/core/i18n/messages';
import { currentLanguage } from './i18n.ts';

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
