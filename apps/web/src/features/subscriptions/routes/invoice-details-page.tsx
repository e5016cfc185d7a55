import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/factura/detalles`: the summary before payment (spec 000, screen 5). For now, a title and what will be here. */
export function InvoiceDetailsPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.invoiceDetails.title')}
      description={t('pages.invoiceDetails.description')}
    />
  );
}
