import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** This feature's texts: an i18next namespace added when its chunk loads (as the back office's). */
export const TEST_SETUP_NAMESPACE = 'testSetup';

i18n.addResourceBundle('es', TEST_SETUP_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', TEST_SETUP_NAMESPACE, en, true, true);
