import { i18n } from '../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The engine kit's texts: an i18next namespace added with the first chunk that uses the kit. */
export const TEST_TAKING_NAMESPACE = 'testTaking';

i18n.addResourceBundle('es', TEST_TAKING_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', TEST_TAKING_NAMESPACE, en, true, true);
