import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { coreMessage } from '../../../../lib/core-message.ts';
import { formatClp, formatDate } from '../../../../lib/format.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/**
 * The payment notices of a subscription (spec 000, sections 4 and 8): a declined charge waiting
 * for its retry (with the amount owed and the next attempt, from its open invoice), a payment that
 * could not be collected, and renewal turned off.
 */
export function PaymentNotice({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const notice = subscription.payment_notice;
  const open = subscription.open_invoice;

  if (notice === 'open' || subscription.status === 'Pending_payment') {
    return (
      <Alert
        className="subscription-alert"
        role="alert"
        showIcon
        type="warning"
        title={t('payment.pendingTitle')}
        description={
          <>
            <p>{coreMessage('payments.noticeOpen')}</p>
            {open && (
              <p>
                {t('payment.openAmount', { amount: formatClp(open.total), number: open.number })}
              </p>
            )}
            {open?.next_attempt_at && (
              <p>{t('payment.nextAttempt', { date: formatDate(open.next_attempt_at) })}</p>
            )}
          </>
        }
      />
    );
  }
  if (notice === 'uncollectible') {
    return (
      <Alert
        className="subscription-alert"
        role="alert"
        showIcon
        type="error"
        title={t('payment.uncollectibleTitle')}
        description={coreMessage('payments.noticeUncollectible')}
      />
    );
  }
  if (notice === 'pause' && subscription.subscription_end) {
    return (
      <Alert
        className="subscription-alert"
        showIcon
        type="info"
        title={t('payment.pauseTitle')}
        description={t('payment.pause', { date: formatDate(subscription.subscription_end) })}
      />
    );
  }
  return null;
}
