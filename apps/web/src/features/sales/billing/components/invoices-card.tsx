import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClp, formatDate } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import { INVOICES_PAGE_SIZE, useInvoices, type InvoiceRow } from '../api/get-invoices.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';
import { withCellLabels } from '../lib/stacked-columns.ts';
import { NARROW_SCREEN, useMediaQuery } from '../../../../lib/use-media-query.ts';
import { SectionLoadError } from './section-load-error.tsx';

const STATUS_COLOR: Record<InvoiceRow['status'], string> = {
  open: 'orange',
  paid: 'green',
  uncollectible: 'red',
  void: 'default',
};

/** The student's invoices (receipts of each paid or attempted period), paginated on the server. */
export function InvoicesCard() {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page);
  const isNarrow = useMediaQuery(NARROW_SCREEN);

  const amount = (key: 'net' | 'vat' | 'total', title: string) => ({
    key,
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (value: number) => formatClp(value),
  });

  const columns: ColumnsType<InvoiceRow> = [
    { key: 'number', title: t('invoices.columns.number'), dataIndex: 'number' },
    {
      key: 'package',
      title: t('invoices.columns.package'),
      render: (_: unknown, invoice: InvoiceRow) =>
        inLanguage(invoice.package_name, invoice.package_name_en, i18n.language),
    },
    {
      key: 'period',
      title: t('invoices.columns.period'),
      render: (_, row) =>
        t('invoices.period', {
          start: formatDate(row.period_start),
          end: formatDate(row.period_end),
        }),
    },
    amount('net', t('invoices.columns.net')),
    amount('vat', t('invoices.columns.vat')),
    amount('total', t('invoices.columns.total')),
    {
      key: 'status',
      title: t('invoices.columns.status'),
      render: (_, row) => (
        <Tag color={STATUS_COLOR[row.status]}>{t(`invoices.status.${row.status}`)}</Tag>
      ),
    },
    {
      key: 'paid_at',
      title: t('invoices.columns.paidAt'),
      render: (_, row) => (row.paid_at ? formatDate(row.paid_at) : t('none')),
    },
  ];

  return (
    <section className="account-card invoices" aria-labelledby="invoices-title">
      <header className="account-card__header">
        <h2 id="invoices-title" className="account-card__title">
          {t('invoices.title')}
        </h2>
      </header>
      {invoices.isError && !invoices.data ? (
        <SectionLoadError error={invoices.error} onRetry={() => void invoices.refetch()} />
      ) : (
        <Table<InvoiceRow>
          className={isNarrow ? 'invoices__table stacked-table' : 'invoices__table'}
          rowKey="id"
          columns={withCellLabels(columns)}
          size="middle"
          dataSource={invoices.data?.data ?? []}
          loading={invoices.isFetching}
          scroll={isNarrow ? undefined : { x: 'max-content' }}
          locale={{ emptyText: t('invoices.empty') }}
          pagination={{
            current: page,
            pageSize: INVOICES_PAGE_SIZE,
            total: invoices.data?.meta.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (count) => t('invoices.total', { count }),
          }}
          onChange={(pagination, _filters, _sorter, extra) => {
            if (extra.action === 'paginate' && pagination.current) setPage(pagination.current);
          }}
        />
      )}
    </section>
  );
}
