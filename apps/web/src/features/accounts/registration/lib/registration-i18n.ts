import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/**
 * The registration form's texts, merged under `registration` when the feature's chunk loads, so
 * the login page does not carry them (its JavaScript budget).
 */
i18n.addResourceBundle('es', 'translation', { registration: es }, true, false);
i18n.addResourceBundle('en', 'translation', { registration: en }, true, false);
