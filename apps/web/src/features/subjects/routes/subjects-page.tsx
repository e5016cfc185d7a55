import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/materias`: the subject list per standard test (spec 001, section 2). For now, a title and what will be here. */
export function SubjectsPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.subjects.title')} description={t('pages.subjects.description')} />
  );
}
