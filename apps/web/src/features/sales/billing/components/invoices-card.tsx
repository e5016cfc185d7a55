import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTag, type PlainTagColor } from '../../../../components/plain-controls.tsx';
import { PlainPager, PlainTable, type PlainColumn } from '../../../../components/plain-table.tsx';
import { formatClp, formatDate } from '../../../../lib/format.ts';
import { inLanguage } from '../../../../lib/localized.ts';
import { INVOICES_PAGE_SIZE, useInvoices, type InvoiceRow } from '../api/get-invoices.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';
import { SectionLoadError } from './section-load-error.tsx';

const STATUS_COLOR: Record<InvoiceRow['status'], PlainTagColor> = {
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

  const amount = (key: 'net' | 'vat' | 'total', title: string): PlainColumn<InvoiceRow> => ({
    key,
    title,
    align: 'right',
    render: (invoice) => formatClp(invoice[key]),
  });

  const columns: PlainColumn<InvoiceRow>[] = [
    { key: 'number', title: t('invoices.columns.number'), render: (invoice) => invoice.number },
    {
      key: 'package',
      title: t('invoices.columns.package'),
      render: (invoice) => inLanguage(invoice.package_name, invoice.package_name_en, i18n.language),
    },
    {
      key: 'period',
      title: t('invoices.columns.period'),
      render: (row) =>
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
      render: (row) => (
        <PlainTag color={STATUS_COLOR[row.status]}>{t(`invoices.status.${row.status}`)}</PlainTag>
      ),
    },
    {
      key: 'paid_at',
      title: t('invoices.columns.paidAt'),
      render: (row) => (row.paid_at ? formatDate(row.paid_at) : t('none')),
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
        <>
          <PlainTable<InvoiceRow>
            className="invoices__table"
            columns={columns}
            rows={invoices.data?.data ?? []}
            rowKey={(invoice) => invoice.id}
            isLoading={invoices.isFetching}
            empty={t('invoices.empty')}
          />
          <PlainPager
            page={page}
            pageSize={INVOICES_PAGE_SIZE}
            total={invoices.data?.meta.total ?? 0}
            totalText={t('invoices.total', { count: invoices.data?.meta.total ?? 0 })}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
