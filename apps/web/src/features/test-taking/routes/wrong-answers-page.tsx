import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/revision`: the wrong-answers test (spec 001, section 2). For now, a title and what will be here. */
export function WrongAnswersPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.wrongAnswers.title')}
      description={t('pages.wrongAnswers.description')}
    />
  );
}
