import '../subscriptions.css';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { Stepper } from '../../../../components/stepper.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useAddressedSubscription } from '../hooks/use-addressed-subscription.ts';
import { useFinishPayment } from '../hooks/use-finish-payment.ts';
import { isCardUpdate } from '../lib/payment-outcome.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

const STEPS = ['package', 'subjects', 'summary', 'card'] as const;

/**
 * `/subscripcion/exitosa` (spec 000, screen 6): where the payment platform returns a paid
 * subscription (`?payment=active`) or a new card (`card_updated`). Continue keeps the subscription
 * in the shared state and goes to the dashboard.
 */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const addressed = useAddressedSubscription();
  const finish = useFinishPayment(() => void navigate('/dashboard'));
  const subscription = addressed.subscription;
  const isNewCard = isCardUpdate(params.get('payment'));

  if (addressed.isError) return <LoadError onRetry={addressed.refetch} />;

  return (
    <section className="page confirmation-page" aria-labelledby="success-title">
      <Stepper
        label={t('steps.label')}
        steps={STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))}
        currentIndex={STEPS.length}
        doneText={t('steps.done')}
      />
      <div className="wizard-card confirmation-card">
        <span className="confirmation-card__mark" aria-hidden="true">
          ✓
        </span>
        <h1 id="success-title" className="page__title">
          {isNewCard ? t('success.cardTitle') : t('success.title')}
        </h1>
        {addressed.isPending ? (
          <FullPageSpinner />
        ) : (
          subscription && (
            <p className="page__lead">
              {isNewCard
                ? t('success.cardText', { plan: subscription.package.name })
                : t('success.text', {
                    plan: subscription.package.name,
                    date: formatDate(subscription.subscription_end ?? ''),
                  })}
            </p>
          )
        )}
        <Button
          type="primary"
          size="large"
          disabled={addressed.isPending}
          loading={finish.isPending}
          onClick={() =>
            subscription ? finish.mutate(subscription.id) : void navigate('/dashboard')
          }
        >
          {t('continue')}
        </Button>
      </div>
    </section>
  );
}
