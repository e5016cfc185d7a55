import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The dashboard's chart texts: an i18next namespace added when its chunk loads. */
export const DASHBOARD_NAMESPACE = 'dashboardCharts';

i18n.addResourceBundle('es', DASHBOARD_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', DASHBOARD_NAMESPACE, en, true, true);
