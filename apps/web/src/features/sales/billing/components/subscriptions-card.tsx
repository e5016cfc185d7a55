import '../subscriptions.css';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StorageKey } from '@ensaya/core/storage-keys';
import { showApiError } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
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
  // Turning a trial's renewal off cancels the trial: it is said so.
  const pauseTexts = toPause?.status === 'Trial' ? 'trialCancel' : 'renewal';

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
    <section className="account-card subscriptions" aria-labelledby="subscriptions-title">
      <header className="account-card__header">
        <h2 id="subscriptions-title" className="account-card__title">
          {t('subscriptions.title')}
        </h2>
      </header>
      {notice && (
        <Alert
          className="subscriptions__notice"
          type="success"
          showIcon
          role="status"
          title={notice}
          closable={{ 'aria-label': t('close'), onClose: () => setNotice(null) }}
        />
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
      <Modal
        open={toPause !== null}
        title={t(`subscriptions.${pauseTexts}.confirmTitle`)}
        okText={t(`subscriptions.${pauseTexts}.confirmOk`)}
        cancelText={t(`subscriptions.${pauseTexts}.confirmCancel`)}
        okButtonProps={{ danger: true }}
        confirmLoading={statusChange.isPending}
        onOk={confirmPause}
        onCancel={() => setToPause(null)}
      >
        {toPause && (
          <p>
            {t(`subscriptions.${pauseTexts}.confirmText`, {
              plan: inLanguage(toPause.package.name, toPause.package.name_en, currentLanguage()),
              date: toPause.subscription_end ? formatDate(toPause.subscription_end) : '',
            })}
          </p>
        )}
      </Modal>
    </section>
  );
}
