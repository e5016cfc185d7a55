import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/historico`: the history of practice tests (spec 001, section 2). For now, a title and what will be here. */
export function CustomHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.customHistory.title')}
      description={t('pages.customHistory.description')}
    />
  );
}
