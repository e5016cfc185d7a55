import '../subscriptions.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useMe } from '../../../../lib/session.ts';
import { usePackages } from '../../packages/api/get-packages.ts';
import { preselectedPackage } from '../lib/preselected-package.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { SubscribeWizard } from './subscribe-wizard.tsx';

/**
 * `/agregar/subscripcion`: renew or add a subscription (spec 000, section 2), e.g. a PAES student
 * adding the class B licence: the wizard creating a new subscription. `?package=` preselects one.
 */
export function AddSubscriptionPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data: user } = useMe();
  const packages = usePackages();
  const [packageParam] = useState(() => params.get('package'));

  if (packages.isError) return <LoadError onRetry={() => void packages.refetch()} />;
  return (
    <section className="page subscribe-page" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title" className="page__title">
        {t('titles.addSubscription')}
      </h1>
      <p className="page__lead">{t('leads.addSubscription')}</p>
      {!user || !packages.data ? (
        <FullPageSpinner />
      ) : packages.data.length === 0 ? (
        <p className="form-info">{t('noPackages')}</p>
      ) : (
        <SubscribeWizard
          mode="add"
          packages={packages.data}
          user={user}
          subscriptions={[]}
          preselectedPackage={preselectedPackage(packages.data, packageParam)}
          onExit={() => void navigate('/dashboard')}
        />
      )}
    </section>
  );
}
