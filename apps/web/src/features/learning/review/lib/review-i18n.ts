import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The spaced review's texts: an i18next namespace added when its chunk loads. */
export const REVIEW_NAMESPACE = 'review';

i18n.addResourceBundle('es', REVIEW_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', REVIEW_NAMESPACE, en, true, true);
