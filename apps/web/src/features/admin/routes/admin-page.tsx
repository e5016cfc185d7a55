import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';
import { useMe } from '../../../lib/session.ts';

/**
 * `/admin/*`: the back office (DESIGN.md, content). The server enforces the admin role on every
 * back-office call; the page only spares students a screen they cannot use.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const { data: user } = useMe();
  if (user?.role !== 'admin') {
    return <PageShell title={t('pages.admin.title')} description={t('pages.admin.adminsOnly')} />;
  }
  return <PageShell title={t('pages.admin.title')} description={t('pages.admin.description')} />;
}
