import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/estadistica`: statistics per subject (spec 001, section 2). For now, a title and what will be here. */
export function StatisticsPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.statistics.title')}
      description={t('pages.statistics.description')}
    />
  );
}
