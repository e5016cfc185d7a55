import '../packages.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inLanguage } from '../../../../lib/localized.ts';
import type { Package } from '../api/get-packages.ts';
import { inReadingOrder } from '../lib/package-order.ts';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';
import { PackageFacts } from './package-facts.tsx';

/**
 * The public price table (spec 000, section 2): each package with its name, description, duration
 * in days, price and trial, and a subscribe link whose target the page decides (registration for
 * a visitor, the wizard for a student).
 */
export function PriceTable({
  packages,
  subscribeHref,
}: {
  packages: readonly Package[];
  subscribeHref: (pack: Package) => string;
}) {
  const { t, i18n } = useTranslation(PACKAGES_NAMESPACE);
  if (packages.length === 0) return <p className="page__lead">{t('empty')}</p>;
  return (
    <ul className="price-table">
      {inReadingOrder(packages).map((pack) => {
        const name = inLanguage(pack.name, pack.name_en, i18n.language);
        const description = inLanguage(pack.description, pack.description_en, i18n.language);
        return (
          <li key={pack.id} className="price-card">
            <article className="price-card__body" aria-labelledby={`package-${pack.id}-name`}>
              <h2 id={`package-${pack.id}-name`} className="price-card__name">
                {name}
              </h2>
              {description && <p className="price-card__description">{description}</p>}
              <PackageFacts pack={pack} />
              <Link
                to={subscribeHref(pack)}
                className="price-card__subscribe"
                aria-label={t('subscribeTo', { name })}
              >
                {t('subscribe')}
              </Link>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
