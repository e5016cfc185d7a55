import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/historico/ensayo`: the history of mock exams (spec 001, section 2). For now, a title and what will be here. */
export function OfficialHistoryPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.officialHistory.title')}
      description={t('pages.officialHistory.description')}
    />
  );
}
