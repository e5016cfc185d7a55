import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The cancel wizard's texts: an i18next namespace added when its chunk loads. */
export const CANCEL_NAMESPACE = 'subscriptionCancel';

i18n.addResourceBundle('es', CANCEL_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', CANCEL_NAMESPACE, en, true, true);
