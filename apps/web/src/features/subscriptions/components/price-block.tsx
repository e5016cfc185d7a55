import { useTranslation } from 'react-i18next';
import { formatClp } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/**
 * The price block (spec 000, section 5): net, discount, VAT with the region's percentage and
 * total, in whole pesos exactly as the server priced them (core's `priceBlock`).
 */
export function PriceBlock({ price }: { price: Subscription['price'] }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const percent = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(
    price.vat_percentage,
  );
  return (
    <dl className="price-block">
      <div className="price-block__row">
        <dt>{t('summary.net')}</dt>
        <dd>{formatClp(price.net)}</dd>
      </div>
      <div className="price-block__row">
        <dt>{t('summary.discount')}</dt>
        {/* Money off: with a minus in front (es-CL would write "$-999"), zero without one. */}
        <dd>{price.discount > 0 ? `-${formatClp(price.discount)}` : formatClp(0)}</dd>
      </div>
      <div className="price-block__row">
        <dt>{t('summary.vat', { percent })}</dt>
        <dd>{formatClp(price.vat)}</dd>
      </div>
      <div className="price-block__row price-block__row--total">
        <dt>{t('summary.total')}</dt>
        <dd>{formatClp(price.total)}</dd>
      </div>
    </dl>
  );
}
