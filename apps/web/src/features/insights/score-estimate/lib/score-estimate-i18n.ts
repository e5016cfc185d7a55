import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The score estimate's texts: an i18next namespace added when its chunk loads. */
export const SCORE_ESTIMATE_NAMESPACE = 'scoreEstimate';

i18n.addResourceBundle('es', SCORE_ESTIMATE_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', SCORE_ESTIMATE_NAMESPACE, en, true, true);
