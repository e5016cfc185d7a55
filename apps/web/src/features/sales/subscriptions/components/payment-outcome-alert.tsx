import Alert from 'antd/es/alert';
import { useTranslation } from 'react-i18next';
import { coreMessage } from '../../../../lib/core-message.ts';
import type { UnfinishedPaymentOutcome } from '../lib/payment-outcome.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/**
 * What happened at the payment platform when it sent the student back here (`?payment=`): a
 * declined charge, a card that failed its validation, a card page left without a card, or a free
 * trial refused because this person or card already had one (nothing was charged).
 */
export function PaymentOutcomeAlert({ outcome }: { outcome: UnfinishedPaymentOutcome }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const text = {
    declined: {
      type: 'error' as const,
      title: t('payment.declinedTitle'),
      // The spec's "payment declined" notice, the very text the API uses.
      description: coreMessage('payments.declined'),
    },
    card_rejected: {
      type: 'error' as const,
      title: t('payment.cardRejectedTitle'),
      description: t('payment.cardRejected'),
    },
    aborted: {
      type: 'info' as const,
      title: t('payment.abortedTitle'),
      description: t('payment.aborted'),
    },
    trial_used: {
      type: 'warning' as const,
      title: t('payment.trialUsedTitle'),
      description: t('payment.trialUsed'),
    },
  }[outcome];
  return (
    <Alert
      className="subscription-alert"
      role="alert"
      showIcon
      type={text.type}
      title={text.title}
      description={text.description}
    />
  );
}
