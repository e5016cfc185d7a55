import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json';
import es from './locales/es.json';

/** The reading settings' texts: a namespace added with the runner's and the account's chunks. */
export const READING_NAMESPACE = 'reading';

i18n.addResourceBundle('es', READING_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', READING_NAMESPACE, en, true, true);
