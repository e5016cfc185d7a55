import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The statistics page's texts: an i18next namespace added when its chunk loads. */
export const STATISTICS_NAMESPACE = 'statistics';

i18n.addResourceBundle('es', STATISTICS_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', STATISTICS_NAMESPACE, en, true, true);
