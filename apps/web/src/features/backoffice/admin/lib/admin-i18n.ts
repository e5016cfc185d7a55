import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/**
 * The back office's texts are their own i18next namespace, added when its chunk loads, so the
 * student-facing bundle never carries them.
 */
export const ADMIN_NAMESPACE = 'admin';

i18n.addResourceBundle('es', ADMIN_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', ADMIN_NAMESPACE, en, true, true);
