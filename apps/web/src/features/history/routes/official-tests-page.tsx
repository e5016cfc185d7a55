import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/ensayo`: where the student lands after deleting mock exams (spec 001, section 2). For now, a title and what will be here. */
export function OfficialTestsPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.officialTests.title')}
      description={t('pages.officialTests.description')}
    />
  );
}
