import '../subscriptions.css';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useMe } from '../../../../lib/session.ts';
import { PaymentNotice } from '../components/payment-notice.tsx';
import { PaymentOutcomeAlert } from '../components/payment-outcome-alert.tsx';
import { SubscriptionSummary } from '../components/subscription-summary.tsx';
import { useAddressedSubscription } from '../hooks/use-addressed-subscription.ts';
import { unfinishedPaymentOutcome } from '../lib/payment-outcome.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';

/**
 * `/factura/detalles`: the summary of an existing subscription (spec 000, screen 5), where a
 * single Created subscription lands after login, the account's subscribe action leads, and the
 * payment platform returns a declined payment, a rejected card or a card page left (`?payment=`).
 */
export function InvoiceDetailsPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: user } = useMe();
  const addressed = useAddressedSubscription();
  const outcome = unfinishedPaymentOutcome(params.get('payment'));

  // Nothing to show yet: the wizard makes the first subscription.
  if (addressed.isNone) return <Navigate to="/subscripcion/paquete" replace />;
  if (addressed.isError) return <LoadError onRetry={addressed.refetch} />;

  return (
    <section className="page subscribe-page" aria-labelledby="invoice-title">
      <h1 id="invoice-title" className="page__title">
        {t('titles.invoiceDetails')}
      </h1>
      <p className="page__lead">{t('leads.invoiceDetails')}</p>
      {outcome && <PaymentOutcomeAlert outcome={outcome} />}
      {!user || !addressed.subscription ? (
        <FullPageSpinner />
      ) : (
        <>
          <PaymentNotice subscription={addressed.subscription} />
          <div className="wizard-card">
            <SubscriptionSummary
              subscription={addressed.subscription}
              user={user}
              backLabel={t('backToDashboard')}
              onBack={() => void navigate('/dashboard')}
            />
          </div>
        </>
      )}
    </section>
  );
}
