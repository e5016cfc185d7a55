import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/profile.en.json';
import es from '../locales/profile.es.json';

/**
 * The profile sections' texts, merged under `account` when the account chunk loads, so the login
 * page does not carry them (its JavaScript budget).
 */
i18n.addResourceBundle('es', 'translation', { account: es }, true, false);
i18n.addResourceBundle('en', 'translation', { account: en }, true, false);
