import '../subscriptions.css';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { Stepper } from '../../../../components/stepper.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { useAddressedSubscription } from '../hooks/use-addressed-subscription.ts';
import { useFinishPayment } from '../hooks/use-finish-payment.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { FirstPractice } from '../components/first-practice.tsx';

const STEPS = ['register', 'email', 'subjects', 'address', 'summary', 'completed'] as const;

/**
 * `/confirmacion` (spec 000, screen 4): the payment platform returns here once the card is
 * registered and the trial has started (`?subscription=&payment=trial`). "Empieza a practicar"
 * opens a first practice of a subject at once; Continue loads the subscription, keeps
 * its status and trial days left in the shared state and opens the dashboard.
 */
export function TrialConfirmationPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const navigate = useNavigate();
  const addressed = useAddressedSubscription();
  const finish = useFinishPayment(() => void navigate('/dashboard'));
  const subscription = addressed.subscription;

  if (addressed.isError) return <LoadError onRetry={addressed.refetch} />;

  return (
    <section className="page confirmation-page" aria-labelledby="trial-title">
      <Stepper
        label={t('steps.label')}
        steps={STEPS.map((key) => ({ key, label: t(`steps.${key}`) }))}
        currentIndex={STEPS.indexOf('completed')}
        doneText={t('steps.done')}
      />
      <div className="wizard-card confirmation-card">
        <span className="confirmation-card__mark" aria-hidden="true">
          ✓
        </span>
        <h1 id="trial-title" className="page__title">
          {t('trialConfirmation.title')}
        </h1>
        {addressed.isPending ? (
          <FullPageSpinner />
        ) : (
          subscription && (
            <p className="page__lead">
              {t('trialConfirmation.text', {
                plan: subscription.package.name,
                date: formatDate(subscription.trial_ends_at ?? ''),
              })}
            </p>
          )
        )}
        {subscription && <FirstPractice subjects={subscription.subjects} />}
        <Button
          type={subscription && subscription.subjects.length > 0 ? 'default' : 'primary'}
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
