import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/temas`: practice and mock exam configuration (spec 001, section 2). For now, a title and what will be here. */
export function ThemesPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.themes.title')} description={t('pages.themes.description')} />;
}
