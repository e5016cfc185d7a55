import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/test/ensayo`: taking a mock exam (spec 001, section 2). For now, a title and what will be here. */
export function MockExamPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.mockExam.title')} description={t('pages.mockExam.description')} />
  );
}
