import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/**
 * The subscribe wizard's, the summary's and the payment pages' texts: an i18next namespace added
 * when the feature's chunk loads, so none of it weighs on the login page.
 */
export const SUBSCRIPTIONS_NAMESPACE = 'subscriptions';

i18n.addResourceBundle('es', SUBSCRIPTIONS_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', SUBSCRIPTIONS_NAMESPACE, en, true, true);
