import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** This feature's texts: an i18next namespace added when its chunk loads (as the back office's). */
export const SUBJECTS_NAMESPACE = 'subjects';

i18n.addResourceBundle('es', SUBJECTS_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', SUBJECTS_NAMESPACE, en, true, true);
