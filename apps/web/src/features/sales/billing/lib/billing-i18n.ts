import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/**
 * The account page's subscriptions and invoices texts: an i18next namespace added when the
 * account chunk loads (the four profile sections keep their texts in the shell's catalogue).
 */
export const BILLING_NAMESPACE = 'accountSubscriptions';

i18n.addResourceBundle('es', BILLING_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', BILLING_NAMESPACE, en, true, true);
