import '../subscription-cancel.css';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { useNewestActiveSubscription } from '../api/get-active-subscription.ts';
import { CancelSteps, type CancelStep } from '../components/cancel-steps.tsx';
import { DoneStep } from '../components/done-step.tsx';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { NoticeStep } from '../components/notice-step.tsx';
import { cancelTargetFrom, type CancelTarget } from '../lib/cancel-target.ts';
import { CANCEL_NAMESPACE } from '../lib/subscription-cancel-i18n.ts';

/**
 * `/cancelar/subscripcion`: the cancel wizard (spec 000, screen 8 and section 4). Step 1 says
 * what cancelling means for the subscription handed over by the account table (or, on a direct
 * visit, the newest Active one); step 2 asks the feedback questions and sends them, which turns
 * renewal off (Pause); step 3 confirms until when access lasts.
 */
export function CancelSubscriptionPage() {
  const { t } = useTranslation(CANCEL_NAMESPACE);
  const navigate = useNavigate();
  const location = useLocation();
  const handedOver = cancelTargetFrom(location.state);
  const newest = useNewestActiveSubscription(handedOver === null);
  const [step, setStep] = useState<CancelStep>('notice');
  // Fixed once the student continues: cancelling changes what the newest Active one is.
  const [chosen, setChosen] = useState<CancelTarget | null>(null);
  const [endAfterCancel, setEndAfterCancel] = useState<string | null>(null);

  const goTo = (next: CancelStep) => {
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const toDashboard = () => void navigate('/dashboard');
  const target = chosen ?? handedOver ?? newest.data ?? null;

  let body;
  if (!target && newest.isPending) {
    body = <FullPageSpinner />;
  } else if (!target && newest.isError) {
    const error = newest.error;
    body = (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={isApiRequestError(error) ? error.message : t('loadFailed')}
        action={
          <Button size="small" onClick={() => void newest.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!target) {
    body = (
      <section className="cancel-card" aria-labelledby="cancel-none-title">
        <h2 id="cancel-none-title" className="cancel-card__title">
          {t('none.title')}
        </h2>
        <p>{t('none.text')}</p>
        <Link to="/cuenta/editar">{t('toAccount')}</Link>
      </section>
    );
  } else if (step === 'notice') {
    body = (
      <NoticeStep
        target={target}
        onBack={toDashboard}
        onContinue={() => {
          setChosen(target);
          goTo('feedback');
        }}
      />
    );
  } else if (step === 'feedback') {
    body = (
      <FeedbackForm
        subscriptionId={target.id}
        onBack={() => goTo('notice')}
        onSent={(end) => {
          setEndAfterCancel(end ?? target.subscription_end);
          goTo('done');
        }}
      />
    );
  } else {
    body = (
      <DoneStep
        packageName={target.package_name}
        subscriptionEnd={endAfterCancel}
        onFinish={toDashboard}
      />
    );
  }

  return (
    <section className="page cancel-page" aria-labelledby="cancel-title">
      <h1 id="cancel-title" className="page__title">
        {t('title')}
      </h1>
      {target && <CancelSteps current={step} />}
      {body}
    </section>
  );
}
