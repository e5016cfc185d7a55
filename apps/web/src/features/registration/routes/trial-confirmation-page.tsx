import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/confirmacion`: trial confirmation at the end of registration (spec 000, screen 4). For now, a title and what will be here. */
export function TrialConfirmationPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.trialConfirmation.title')}
      description={t('pages.trialConfirmation.description')}
    />
  );
}
