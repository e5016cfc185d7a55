import { i18n } from '../../../../lib/i18n.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';

/** The trial banner's texts: a namespace that loads with the protected layout, not the login. */
export const TRIAL_BANNER_NAMESPACE = 'trialBanner';

i18n.addResourceBundle('es', TRIAL_BANNER_NAMESPACE, es, true, true);
i18n.addResourceBundle('en', TRIAL_BANNER_NAMESPACE, en, true, true);
