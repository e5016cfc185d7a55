import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/cuenta/editar`: the account (spec 000, screen 9). For now, a title and what will be here. */
export function AccountPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.account.title')} description={t('pages.account.description')} />
  );
}
