import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '@ensaya/core/i18n/language';
import { StorageKey } from '@ensaya/core/storage-keys';
import en from '../locales/en.json';
import es from '../locales/es.json';
import { readStored, writeStored } from './storage.ts';

/** The stored choice, else Spanish: the default and the fallback (spec 000, section 4). */
function storedLanguage(): Language {
  return parseLanguage(readStored(StorageKey.lang)) ?? DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['es', 'en'],
  interpolation: { escapeValue: false }, // React escapes what it renders.
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export function currentLanguage(): Language {
  return parseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers it across reloads. */
export function setLanguage(language: Language): void {
  writeStored(StorageKey.lang, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/** Re-reads the stored language; the tests use it to start every case from a clean slate. */
export function resetLanguageFromStorage(): Promise<unknown> {
  return i18n.changeLanguage(storedLanguage());
}
