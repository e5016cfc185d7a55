import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../../components/plain-controls.tsx';
import { formatDate } from '../../../../lib/format.ts';
import type { SubscriptionRow } from '../api/get-subscriptions.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';

type Notice = NonNullable<SubscriptionRow['payment_notice']>;

const ALERT_TYPE: Record<Notice, 'warning' | 'error' | 'info'> = {
  open: 'warning',
  uncollectible: 'error',
  pause: 'info',
  renewal: 'info',
};

/**
 * The payment notice under a subscription (spec 000, sections 4 and 8): a declined payment and
 * when it is tried again, a payment given up on, renewal off and until when access lasts.
 */
export function PaymentNotice({ subscription }: { subscription: SubscriptionRow }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const notice = subscription.payment_notice;
  if (!notice) return null;

  // When the open invoice is charged again; none after the last retry.
  const retryAt = subscription.open_invoice?.next_attempt_at;
  const end = subscription.subscription_end ? formatDate(subscription.subscription_end) : '';
  const text =
    notice === 'open'
      ? retryAt
        ? t('subscriptions.notice.open', { date: formatDate(retryAt) })
        : t('subscriptions.notice.openNoDate')
      : t(`subscriptions.notice.${notice}`, { date: end });

  return (
    <PlainAlert
      className="subscriptions__notice"
      type={ALERT_TYPE[notice]}
      role={notice === 'open' || notice === 'uncollectible' ? 'alert' : 'status'}
    >
      {text}
    </PlainAlert>
  );
}
