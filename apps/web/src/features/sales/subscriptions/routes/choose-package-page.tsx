import '../subscriptions.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { useMe, type SessionUser } from '../../../../lib/session.ts';
import { readStored } from '../../../../lib/storage.ts';
import { usePackages, type Package } from '../../packages/api/get-packages.ts';
import { useMySubscriptions, type Subscription } from '../api/get-my-subscriptions.ts';
import { preselectedPackage } from '../lib/preselected-package.ts';
import { SUBSCRIPTIONS_NAMESPACE } from '../lib/subscriptions-i18n.ts';
import { SubscribeWizard, type WizardMode } from './subscribe-wizard.tsx';

/**
 * A first subscription: none yet, or only sign-ups never paid for (Created). Such a
 * student is still signing up, not changing a plan they have.
 */
export function isFirstSubscription(subscriptions: readonly Pick<Subscription, 'status'>[]) {
  return subscriptions.every((subscription) => subscription.status === 'Created');
}

/**
 * `/subscripcion/paquete`. A student without subscriptions (just registered and logged in), or
 * with only an unfinished sign-up, goes on with the registration wizard (spec 000 screen 4), the
 * package chosen at `/registro/{id}` (or the unfinished sign-up's) already chosen; a student with
 * subscriptions changes package (screen 7). `?package=` preselects one.
 */
export function ChoosePackagePage() {
  const { data: user } = useMe();
  const packages = usePackages();
  const subscriptions = useMySubscriptions();

  if (packages.isError || subscriptions.isError) {
    return (
      <LoadError
        onRetry={() => {
          void packages.refetch();
          void subscriptions.refetch();
        }}
      />
    );
  }
  if (!user || !packages.data || !subscriptions.data) return <FullPageSpinner />;
  return <ChoosePackage user={user} packages={packages.data} subscriptions={subscriptions.data} />;
}

function ChoosePackage({
  user,
  packages,
  subscriptions,
}: {
  user: SessionUser;
  packages: Package[];
  subscriptions: Subscription[];
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Decided once: the subscription this wizard creates must not turn it into another wizard.
  const [mode] = useState<WizardMode>(
    isFirstSubscription(subscriptions) ? 'registration' : 'change',
  );
  const [preselected] = useState(() =>
    preselectedPackage(
      packages,
      params.get('package') ??
        (mode === 'registration'
          ? (readStored(StorageKey.package) ??
            (subscriptions[0] ? String(subscriptions[0].package_id) : null))
          : null),
    ),
  );
  const isEmailVerified =
    (useLocation().state as { isEmailVerified?: boolean } | null)?.isEmailVerified === true;
  const page = mode === 'registration' ? 'choosePackage' : 'changePackage';

  return (
    <section className="page subscribe-page" aria-labelledby="subscribe-title">
      <h1 id="subscribe-title" className="page__title">
        {t(`titles.${page}`)}
      </h1>
      {isEmailVerified && (
        <p className="form-info" role="status">
          {t('emailVerified')}
        </p>
      )}
      <p className="page__lead">{t(`leads.${page}`)}</p>
      {packages.length === 0 ? (
        <p className="form-info">{t('noPackages')}</p>
      ) : (
        <SubscribeWizard
          mode={mode}
          packages={packages}
          user={user}
          subscriptions={subscriptions}
          preselectedPackage={preselected}
          onExit={mode === 'change' ? () => void navigate('/dashboard') : undefined}
        />
      )}
    </section>
  );
}
