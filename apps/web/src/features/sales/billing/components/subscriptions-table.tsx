import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import { formatDate } from '../../../../lib/format.ts';
import { SUBSCRIPTIONS_PAGE_SIZE, type SubscriptionRow } from '../api/get-subscriptions.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';
import { withCellLabels } from '../lib/stacked-columns.ts';
import { actionFor, hasRenewalToggle } from '../lib/subscription-actions.ts';
import { NARROW_SCREEN, useMediaQuery } from '../../../../lib/use-media-query.ts';
import { PaymentNotice } from './payment-notice.tsx';
import { inLanguage } from '../../../../lib/localized.ts';

const STATUS_COLOR: Record<SubscriptionStatus, string> = {
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
 * rather than scrolling, so the action column is never hidden; phones get cards.
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
  const isNarrow = useMediaQuery(NARROW_SCREEN);

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
          <Button
            danger
            aria-label={t('subscriptions.actions.cancelLabel', { plan })}
            onClick={() => onCancel(row)}
          >
            {t('subscriptions.actions.cancel')}
          </Button>
        );
      case 'activate':
        return (
          <Button
            type="primary"
            loading={busyId === row.id}
            aria-label={t('subscriptions.actions.activateLabel', { plan })}
            onClick={() => onActivate(row)}
          >
            {t('subscriptions.actions.activate')}
          </Button>
        );
      case 'subscribe':
        return (
          // During a trial, paying ends it and starts the plan: the button says so.
          <Button
            type="primary"
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
          </Button>
        );
      default:
        return null;
    }
  };

  const columns: ColumnsType<SubscriptionRow> = [
    {
      key: 'plan',
      title: t('subscriptions.columns.plan'),
      className: 'subscriptions__plan-cell',
      render: (_, row) => (
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
      render: (_, row) =>
        row.all_subjects
          ? t('subscriptions.allSubjects')
          : row.subjects.map((subject) => subject.name).join(', '),
    },
    {
      key: 'status',
      title: t('subscriptions.columns.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]}>{t(`subscriptions.status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'end',
      title: t('subscriptions.columns.end'),
      render: (_, row) => endOf(row),
    },
    {
      key: 'renewal',
      title: t('subscriptions.columns.renewal'),
      render: (_, row) =>
        hasRenewalToggle(row.status) ? (
          <Switch
            checked={row.auto_renew && row.status !== 'Pause'}
            loading={busyId === row.id}
            disabled={busyId !== null}
            checkedChildren={t('subscriptions.renewal.on')}
            unCheckedChildren={t('subscriptions.renewal.off')}
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
      render: (_, row) => actionButton(row),
    },
  ];

  const withNotice = rows.filter((row) => row.payment_notice !== null).map((row) => row.id);

  return (
    <Table<SubscriptionRow>
      className={isNarrow ? 'subscriptions__table stacked-table' : 'subscriptions__table'}
      rowKey="id"
      columns={withCellLabels(columns)}
      size="middle"
      dataSource={[...rows]}
      loading={isLoading}
      locale={{ emptyText: t('subscriptions.empty') }}
      expandable={{
        expandedRowKeys: withNotice,
        showExpandColumn: false,
        rowExpandable: (row) => row.payment_notice !== null,
        expandedRowRender: (row) => <PaymentNotice subscription={row} />,
      }}
      pagination={{
        current: page,
        pageSize: SUBSCRIPTIONS_PAGE_SIZE,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        showTotal: (count) => t('subscriptions.total', { count }),
      }}
      onChange={(pagination, _filters, _sorter, extra) => {
        if (extra.action === 'paginate' && pagination.current) onPageChange(pagination.current);
      }}
    />
  );
}
