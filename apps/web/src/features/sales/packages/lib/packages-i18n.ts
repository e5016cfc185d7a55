import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The price table's and the package and subject steps' texts: loaded with the feature's chunk. */
export const PACKAGES_NAMESPACE = 'packages';

i18n.addResourceBundle('es', PACKAGES_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', PACKAGES_NAMESPACE, en, true, true);
