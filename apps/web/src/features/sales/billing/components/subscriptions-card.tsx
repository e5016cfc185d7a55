import '../subscriptions.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { PlainAlert } from '../../../../components/plain-controls.tsx';
import { showApiError } from '../../../../lib/api-client.ts';
import { writeStored } from '../../../../lib/storage.ts';
import { useSubscriptions, type SubscriptionRow } from '../api/get-subscriptions.ts';
import { useSetSubscriptionStatus } from '../api/set-subscription-status.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';
import { needsPackage } from '../lib/subscription-actions.ts';
import { SectionLoadError } from './section-load-error.tsx';
import { SubscriptionsTable } from './subscriptions-table.tsx';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { inLanguage } from '../../../../lib/localized.ts';

/**
 * What the cancel wizard at `/cancelar/subscripcion` reads from the router state (spec 000,
 * section 4: "stores id, end date, package name and subjects").
 */
function cancelState(row: SubscriptionRow) {
  return {
    cancelSubscription: {
      id: row.id,
      subscription_end: row.subscription_end,
      package_name: inLanguage(row.package.name, row.package.name_en, currentLanguage()),
      all_subjects: row.all_subjects,
      subjects: row.subjects.map((subject) => subject.name),
    },
  };
}

// Ant Design's dialog loads on the student's first touch, click or tab into the card, so it is
// ready when a switch is turned off, without weighing on the page's first screen.
const loadRenewalDialog = () => import('./renewal-dialog.tsx');
const RenewalDialog = lazy(async () => ({ default: (await loadRenewalDialog()).RenewalDialog }));
const preloadRenewalDialog = () => void loadRenewalDialog().catch(() => undefined);

/** The subscriptions card of the account page, with the renewal toggle and the status actions. */
export function SubscriptionsCard({ isDebug }: { isDebug: boolean }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [toPause, setToPause] = useState<SubscriptionRow | null>(null);
  const subscriptions = useSubscriptions(page);
  const statusChange = useSetSubscriptionStatus();
  const rows = subscriptions.data?.data ?? [];
  const busyId = statusChange.isPending ? (statusChange.variables?.id ?? null) : null;

  function turnRenewalOn(row: SubscriptionRow) {
    setNotice(null);
    statusChange.mutate(
      { id: row.id, status: 'ACTIVE' },
      { onSuccess: (result) => setNotice(result.message), onError: showApiError },
    );
  }

  function confirmPause() {
    if (!toPause) return;
    setNotice(null);
    statusChange.mutate(
      { id: toPause.id, status: 'PAUSE' },
      {
        onSuccess: (result) => {
          setToPause(null);
          setNotice(result.message);
        },
        onError: (error) => {
          setToPause(null);
          showApiError(error);
        },
      },
    );
  }

  function activate(row: SubscriptionRow) {
    statusChange.mutate(
      { id: row.id, status: 'ACTIVE' },
      { onSuccess: () => void navigate('/dashboard'), onError: showApiError },
    );
  }

  function subscribe(row: SubscriptionRow) {
    // The invoice page finds the subscription under the spec's storage key (or in the address).
    writeStored(StorageKey.subscription, String(row.id));
    void navigate(`/factura/detalles?subscription=${row.id}`, { state: { status: row.status } });
  }

  return (
    <section
      className="account-card subscriptions"
      aria-labelledby="subscriptions-title"
      onPointerDownCapture={preloadRenewalDialog}
      onFocusCapture={preloadRenewalDialog}
    >
      <header className="account-card__header">
        <h2 id="subscriptions-title" className="account-card__title">
          {t('subscriptions.title')}
        </h2>
      </header>
      {notice && (
        <PlainAlert
          className="subscriptions__notice"
          type="success"
          role="status"
          closeLabel={t('close')}
          onClose={() => setNotice(null)}
        >
          {notice}
        </PlainAlert>
      )}
      {subscriptions.data && needsPackage(rows) && (
        <div className="subscriptions__packages">
          <p>{rows.length === 0 ? t('subscriptions.noneYet') : t('subscriptions.allEnded')}</p>
          <Link to="/paquetes" className="subscriptions__packages-link">
            {t('subscriptions.seePackages')}
          </Link>
        </div>
      )}
      {subscriptions.isError && !subscriptions.data ? (
        <SectionLoadError
          error={subscriptions.error}
          onRetry={() => void subscriptions.refetch()}
        />
      ) : (
        <SubscriptionsTable
          rows={rows}
          total={subscriptions.data?.meta.total ?? 0}
          page={page}
          isLoading={subscriptions.isFetching}
          isDebug={isDebug}
          busyId={busyId}
          onPageChange={setPage}
          onRenewalChange={(row, isOn) => (isOn ? turnRenewalOn(row) : setToPause(row))}
          onCancel={(row) => void navigate('/cancelar/subscripcion', { state: cancelState(row) })}
          onActivate={activate}
          onSubscribe={subscribe}
        />
      )}
      {toPause && (
        <Suspense fallback={null}>
          <RenewalDialog
            subscription={toPause}
            isSaving={statusChange.isPending}
            onConfirm={confirmPause}
            onCancel={() => setToPause(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
