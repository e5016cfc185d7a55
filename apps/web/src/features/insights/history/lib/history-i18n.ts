import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The history and review texts: an i18next namespace added when the feature's chunk loads. */
export const HISTORY_NAMESPACE = 'history';

i18n.addResourceBundle('es', HISTORY_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', HISTORY_NAMESPACE, en, true, true);
