import { useTranslation } from 'react-i18next';
import { formatClp } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import type { Package } from '../api/get-packages.ts';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';

/** A package's price (whole CLP, VAT included) and what it gives: days, subjects, trial. */
export function PackageFacts({ pack }: { pack: Package }) {
  const { t, i18n } = useTranslation(PACKAGES_NAMESPACE);
  return (
    <>
      <p className="package-price">
        <span className="package-price__amount">{formatClp(pack.price)}</span>{' '}
        <span className="package-price__vat">{t('vatIncluded')}</span>
      </p>
      <ul
        className="package-facts"
        aria-label={t('facts', { name: inLanguage(pack.name, pack.name_en, i18n.language) })}
      >
        <li>{t('duration', { count: pack.duration })}</li>
        <li>{t('subjects', { count: pack.subjects_quantity })}</li>
        <li>
          {pack.trial_period_days === 0
            ? t('noTrial')
            : // A student who had their trial of this test gets none (the API says so).
              pack.trial_available === false
              ? t('trialUsed')
              : t('trial', { count: pack.trial_period_days })}
        </li>
      </ul>
    </>
  );
}
