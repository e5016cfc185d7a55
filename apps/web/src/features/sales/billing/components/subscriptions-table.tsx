import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import { formatDate } from '../../../../lib/format.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, type SubscriptionRow } from '../api/get-subscriptions.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';
import { actionFor, hasRenewalToggle } from '../lib/subscription-actions.ts';
import { PaymentNotice } from './payment-notice.tsx';
import { inLanguage } from '../../../../lib/localized.ts';
import {
  PlainButton,
  PlainSwitch,
  PlainTag,
  type PlainTagColor,
} from '../../../../components/plain-controls.tsx';
import { PlainPager, PlainTable, type PlainColumn } from '../../../../components/plain-table.tsx';

const STATUS_COLOR: Record<SubscriptionStatus, PlainTagColor> = {
  Created: 'default',
  Pending: 'default',
  Trial: 'blue',
  Active: 'green',
  Pause: 'gold',
  Pending_payment: 'orange',
  Canceled: 'red',
};

export interface SubscriptionsTableProps {
  rows: readonly SubscriptionRow[];
  total: number;
  page: number;
  isLoading: boolean;
  /** A debug user sees each subscription's id before the package name (spec 000, screen 9). */
  isDebug: boolean;
  /** The row whose status is being changed, if any. */
  busyId: number | null;
  onPageChange: (page: number) => void;
  onRenewalChange: (row: SubscriptionRow, isOn: boolean) => void;
  onCancel: (row: SubscriptionRow) => void;
  onActivate: (row: SubscriptionRow) => void;
  onSubscribe: (row: SubscriptionRow) => void;
}

/**
 * The account's subscriptions (spec 000, screen 9 and section 4): plan, subjects, status, the end
 * of the period or trial, the renewal toggle and the action of the status; paginated on the
 * server. Payment notices show under their row. The table fits its card (plan and subjects wrap)
 * rather than scrolling, so the action column is never hidden; phones get cards (plain-table.css).
 */
export function SubscriptionsTable({
  rows,
  total,
  page,
  isLoading,
  isDebug,
  busyId,
  onPageChange,
  onRenewalChange,
  onCancel,
  onActivate,
  onSubscribe,
}: SubscriptionsTableProps) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const planOf = (row: SubscriptionRow) =>
    inLanguage(row.package.name, row.package.name_en, i18n.language);

  const endOf = (row: SubscriptionRow) => {
    if (row.status === 'Trial' && row.trial_ends_at) {
      return (
        <span className="subscriptions__end">
          {formatDate(row.trial_ends_at)}
          <span className="subscriptions__hint">{t('subscriptions.trialEnd')}</span>
        </span>
      );
    }
    return row.subscription_end ? formatDate(row.subscription_end) : t('none');
  };

  const actionButton = (row: SubscriptionRow) => {
    const plan = planOf(row);
    switch (actionFor(row.status)) {
      case 'cancel':
        return (
          <PlainButton
            danger
            aria-label={t('subscriptions.actions.cancelLabel', { plan })}
            onClick={() => onCancel(row)}
          >
            {t('subscriptions.actions.cancel')}
          </PlainButton>
        );
      case 'activate':
        return (
          <PlainButton
            variant="primary"
            loading={busyId === row.id}
            aria-label={t('subscriptions.actions.activateLabel', { plan })}
            onClick={() => onActivate(row)}
          >
            {t('subscriptions.actions.activate')}
          </PlainButton>
        );
      case 'subscribe':
        return (
          // During a trial, paying ends it and starts the plan: the button says so.
          <PlainButton
            variant="primary"
            aria-label={
              row.status === 'Trial'
                ? t('subscriptions.actions.payTrialLabel', { plan })
                : t('subscriptions.actions.subscribeLabel', { plan })
            }
            onClick={() => onSubscribe(row)}
          >
            {row.status === 'Trial'
              ? t('subscriptions.actions.payTrial')
              : t('subscriptions.actions.subscribe')}
          </PlainButton>
        );
      default:
        return null;
    }
  };

  const columns: PlainColumn<SubscriptionRow>[] = [
    {
      key: 'plan',
      title: t('subscriptions.columns.plan'),
      className: 'subscriptions__plan-cell',
      render: (row) => (
        <span className="subscriptions__plan">
          {isDebug && (
            <span className="subscriptions__debug">
              {t('subscriptions.debugId', { id: row.id })}
            </span>
          )}
          {planOf(row)}
        </span>
      ),
    },
    {
      key: 'subjects',
      title: t('subscriptions.columns.subjects'),
      className: 'subscriptions__subjects',
      render: (row) =>
        row.all_subjects
          ? t('subscriptions.allSubjects')
          : row.subjects.map((subject) => subject.name).join(', '),
    },
    {
      key: 'status',
      title: t('subscriptions.columns.status'),
      render: (row) => (
        <PlainTag color={STATUS_COLOR[row.status]}>
          {t(`subscriptions.status.${row.status}`)}
        </PlainTag>
      ),
    },
    {
      key: 'end',
      title: t('subscriptions.columns.end'),
      render: (row) => endOf(row),
    },
    {
      key: 'renewal',
      title: t('subscriptions.columns.renewal'),
      render: (row) =>
        hasRenewalToggle(row.status) ? (
          <PlainSwitch
            checked={row.auto_renew && row.status !== 'Pause'}
            loading={busyId === row.id}
            disabled={busyId !== null}
            checkedText={t('subscriptions.renewal.on')}
            uncheckedText={t('subscriptions.renewal.off')}
            aria-label={t(
              row.status === 'Trial'
                ? 'subscriptions.renewal.trialLabel'
                : 'subscriptions.renewal.label',
              { plan: planOf(row) },
            )}
            onChange={(isOn) => onRenewalChange(row, isOn)}
          />
        ) : (
          t('none')
        ),
    },
    {
      key: 'action',
      title: t('subscriptions.columns.action'),
      render: (row) => actionButton(row),
    },
  ];

  return (
    <>
      <PlainTable<SubscriptionRow>
        className="subscriptions__table"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        isLoading={isLoading}
        empty={t('subscriptions.empty')}
        below={(row) => (row.payment_notice ? <PaymentNotice subscription={row} /> : null)}
      />
      <PlainPager
        page={page}
        pageSize={SUBSCRIPTIONS_PAGE_SIZE}
        total={total}
        totalText={t('subscriptions.total', { count: total })}
        onChange={onPageChange}
      />
    </>
  );
}
