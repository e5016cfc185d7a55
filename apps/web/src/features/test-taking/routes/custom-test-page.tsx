import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/test`: taking a practice test (spec 001, section 2). For now, a title and what will be here. */
export function CustomTestPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.customTest.title')}
      description={t('pages.customTest.description')}
    />
  );
}
