import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/test/historial`: taking a past test again (spec 001, section 2). For now, a title and what will be here. */
export function HistoricalTestPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.historicalTest.title')}
      description={t('pages.historicalTest.description')}
    />
  );
}
