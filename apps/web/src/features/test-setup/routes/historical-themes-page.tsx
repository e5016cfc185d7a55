import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/temashistorial`: the themes of a past test, to take it again (spec 001, section 2). For now, a title and what will be here. */
export function HistoricalThemesPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.historicalThemes.title')}
      description={t('pages.historicalThemes.description')}
    />
  );
}
