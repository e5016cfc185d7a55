import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import { CARD_VALIDATION_AMOUNT } from '@ensaya/core/subscriptions/lifecycle';
import { formatClp } from '../../../../lib/format.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { useStartPayment } from '../hooks/use-start-payment.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { inLanguage } from '../../../../lib/localized.ts';

/** Statuses whose subscribe button asks for confirmation first (spec 000, screen 5). */
const CONFIRMED_STATUSES: readonly SubscriptionStatus[] = ['Created', 'Trial', 'Pending_payment'];

/** The validation charge in pesos and centavos (spec 000: CLP 1784.64), written as every amount. */
const validationAmount = formatClp(CARD_VALIDATION_AMOUNT);

/**
 * The summary's buttons (spec 000, screen 5). Created, Trial and Pending_payment: subscribe, a
 * confirmation modal with the payment platform notice, then the platform's card page. Active, Pause
 * and Pending: beside the back button, a new card for the existing subscription. Canceled: nothing
 * left to pay, the way to subscribe again.
 */
export function SubscribeActions({
  subscription,
  backLabel,
  onBack,
  onPaymentStarting,
}: {
  subscription: Subscription;
  backLabel: string;
  onBack?: () => void;
  /** Before leaving for the payment platform (the wizard marks its Card step). */
  onPaymentStarting?: () => void;
}) {
  const { t, i18n } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const startPayment = useStartPayment();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const { status } = subscription;
  const isConfirmed = CONFIRMED_STATUSES.includes(status);

  function pay(kind: 'enrol' | 'newCard') {
    onPaymentStarting?.();
    startPayment.mutate({ subscription, kind });
  }

  const back = onBack && (
    <Button size="large" onClick={onBack}>
      {backLabel}
    </Button>
  );

  if (status === 'Canceled') {
    return (
      <div className="subscribe-actions">
        <p className="subscribe-actions__note">{t('subscribe.canceled')}</p>
        {back}
        <Link to="/agregar/subscripcion" className="button-link">
          {t('subscribe.subscribeAgain')}
        </Link>
      </div>
    );
  }

  if (!isConfirmed) {
    return (
      <div className="subscribe-actions">
        {back}
        <Button
          type="primary"
          size="large"
          loading={startPayment.isPending}
          onClick={() => pay('newCard')}
        >
          {status === 'Pending' ? t('subscribe.goToPayment') : t('subscribe.updateCard')}
        </Button>
      </div>
    );
  }

  const plan = inLanguage(subscription.package.name, subscription.package.name_en, i18n.language);
  const total = formatClp(subscription.price.total);
  const days = subscription.package.duration;
  // A coupon discounts the first payment only (core's COUPON_SCOPE): say both amounts.
  const couponTexts =
    subscription.coupon && subscription.price.discount > 0
      ? { code: subscription.coupon.code, renewal: formatClp(subscription.price.price) }
      : null;
  const isRedirecting = startPayment.isPending || startPayment.isSuccess;

  return (
    <div className="subscribe-actions">
      {back}
      <Button type="primary" size="large" onClick={() => setIsConfirmOpen(true)}>
        {/* During a trial paying ends it and starts the plan: say that, not "subscribe". */}
        {status === 'Trial' ? t('subscribe.payTrial') : t('subscribe.button')}
      </Button>
      <Modal
        open={isConfirmOpen}
        title={t('subscribe.confirmTitle')}
        onCancel={() => setIsConfirmOpen(false)}
        mask={{ closable: !isRedirecting }}
        closable={!isRedirecting}
        footer={[
          <Button key="cancel" disabled={isRedirecting} onClick={() => setIsConfirmOpen(false)}>
            {t('subscribe.cancel')}
          </Button>,
          <Button key="confirm" type="primary" loading={isRedirecting} onClick={() => pay('enrol')}>
            {t('subscribe.confirm')}
          </Button>,
        ]}
      >
        {status === 'Created' && (
          <>
            <p>
              {couponTexts
                ? t('subscribe.createdCoupon', { plan, total, days, ...couponTexts })
                : t('subscribe.created', { plan, total, days })}
            </p>
            {subscription.trial_available && (
              <p>{t('subscribe.createdTrial', { count: subscription.trial_duration })}</p>
            )}
            {subscription.trial_used && (
              <p className="subscribe-actions__no-trial">{t('summary.trialUsed')}</p>
            )}
          </>
        )}
        {status === 'Trial' && (
          <p>
            {couponTexts
              ? t('subscribe.trialCoupon', { plan, total, days, ...couponTexts })
              : t('subscribe.trial', { plan, total, days })}
          </p>
        )}
        {status === 'Pending_payment' && <p>{t('subscribe.pendingPayment', { plan })}</p>}
        <p className="form-info">{t('subscribe.platform', { amount: validationAmount })}</p>
        <p className="subscribe-actions__redirecting" role="status">
          {isRedirecting ? t('subscribe.redirecting') : ''}
        </p>
      </Modal>
    </div>
  );
}
