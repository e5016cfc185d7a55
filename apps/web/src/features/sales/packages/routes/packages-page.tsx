import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FullPageSpinner } from '../../../../components/full-page-spinner.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { useMe } from '../../../../lib/session.ts';
import {
  useMySubscriptions,
  type Subscription,
} from '../../subscriptions/api/get-my-subscriptions.ts';
import { usePackages, type Package } from '../api/get-packages.ts';
import { PriceTable } from '../components/price-table.tsx';
import { PACKAGES_NAMESPACE } from '../lib/packages-i18n.ts';

/**
 * Where a student's subscribe link goes: to change the subscription they have to that standard
 * test (or their first package), else to add one.
 */
function studentTarget(pack: Package, subscriptions: readonly Subscription[]): string {
  const hasSameTest = subscriptions.some(
    (subscription) =>
      subscription.status !== 'Canceled' &&
      subscription.package.standard_test_id === pack.standard_test_id,
  );
  const path =
    subscriptions.length === 0 || hasSameTest ? '/subscripcion/paquete' : '/agregar/subscripcion';
  return `${path}?package=${pack.id}`;
}

/**
 * `/paquetes`: the public price table (spec 000, section 2). A visitor's subscribe link opens the
 * registration with the package chosen (`/registro/{id}/{lang}`); a student's opens the wizard
 * with it chosen.
 */
export function PackagesPage() {
  const { t } = useTranslation(PACKAGES_NAMESPACE);
  const { data: user } = useMe();
  const packages = usePackages();
  const subscriptions = useMySubscriptions({ isEnabled: Boolean(user) });

  if (packages.isError) return <LoadError onRetry={() => void packages.refetch()} />;

  const subscribeHref = (pack: Package) =>
    user
      ? studentTarget(pack, subscriptions.data ?? [])
      : `/registro/${pack.id}/${currentLanguage()}`;

  return (
    <section className="page packages-page" aria-labelledby="packages-title">
      <h1 id="packages-title" className="page__title">
        {t('title')}
      </h1>
      <p className="page__lead">{t('lead')}</p>
      {packages.isPending ? (
        <FullPageSpinner />
      ) : (
        <PriceTable packages={packages.data} subscribeHref={subscribeHref} />
      )}
      <p className="packages-page__footer">
        {user ? (
          <Link to="/dashboard">{t('toDashboard')}</Link>
        ) : (
          <>
            {t('haveAccount')} <Link to="/login">{t('logIn')}</Link>
          </>
        )}
      </p>
    </section>
  );
}
