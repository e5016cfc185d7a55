import { useTranslation } from 'react-i18next';
import { formatClp } from '../../../../lib/format.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/** Money off: with a minus in front (es-CL would write "$-999"). */
const minus = (amount: number) => `−${formatClp(amount)}`;

/**
 * The price block (spec 000, section 5), in whole pesos exactly as the server priced them with
 * core's `priceBlock`. Chilean prices include VAT, so the block reads as two sums that add up:
 * price − discount = total, and the total's net + VAT = total. A coupon discounts the first payment
 * only (core's `COUPON_SCOPE`): while the next charge carries it, the renewal price is said too.
 * When the student already had their free trial, it says that this total is charged today.
 */
export function PriceBlock({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const { price, coupon } = subscription;
  const percent = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(
    price.vat_percentage,
  );
  const hasDiscount = price.discount > 0;

  return (
    <div className="price-block">
      <dl className="price-block__sum">
        <div className="price-block__row">
          <dt>{t('summary.packagePrice')}</dt>
          <dd>{formatClp(price.price)}</dd>
        </div>
        <div className="price-block__row">
          <dt>
            {coupon && hasDiscount
              ? t('summary.couponDiscount', { code: coupon.code })
              : t('summary.discount')}
          </dt>
          <dd>{hasDiscount ? minus(price.discount) : formatClp(0)}</dd>
        </div>
        <div className="price-block__row price-block__row--total">
          <dt>{hasDiscount ? t('summary.firstTotal') : t('summary.total')}</dt>
          <dd>{formatClp(price.total)}</dd>
        </div>
      </dl>
      <p className="price-block__caption" id={`price-breakdown-${subscription.id}`}>
        {t('summary.breakdown')}
      </p>
      <dl className="price-block__breakdown" aria-labelledby={`price-breakdown-${subscription.id}`}>
        <div className="price-block__row">
          <dt>{t('summary.net')}</dt>
          <dd>{formatClp(price.net)}</dd>
        </div>
        <div className="price-block__row">
          <dt>{t('summary.vat', { percent })}</dt>
          <dd>{formatClp(price.vat)}</dd>
        </div>
      </dl>
      {subscription.trial_used && (
        <p className="price-block__no-trial" role="note">
          {t('summary.trialUsed')}
        </p>
      )}
      {hasDiscount && (
        <p className="price-block__renewal">
          {t('summary.renewalPrice', {
            price: formatClp(price.price),
            count: subscription.package.duration,
          })}
        </p>
      )}
    </div>
  );
}
