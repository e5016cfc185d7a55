import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/paquetes`: the public price table (spec 000, section 2). For now, a title and what will be here. */
export function PackagesPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.packages.title')} description={t('pages.packages.description')} />
  );
}
