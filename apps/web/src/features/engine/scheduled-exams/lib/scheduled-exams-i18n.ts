import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The scheduled ensayos' texts: an i18next namespace added when their chunk loads. */
export const SCHEDULED_EXAMS_NAMESPACE = 'scheduledExams';

i18n.addResourceBundle('es', SCHEDULED_EXAMS_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', SCHEDULED_EXAMS_NAMESPACE, en, true, true);
