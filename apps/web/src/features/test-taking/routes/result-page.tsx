import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/resultado`: the result of a submitted test (spec 001, section 2). For now, a title and what will be here. */
export function ResultPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.result.title')} description={t('pages.result.description')} />;
}
