import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageShell } from '../../../components/page-shell.tsx';

/**
 * `/registro/:id/:lang/:banner?`: the registration wizard for a preselected package (spec 000,
 * screen 4). The language and banner segments are stored by the public layout. For now, a title
 * and what will be here.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PageShell
      title={t('pages.registration.title')}
      description={t('pages.registration.description', { id })}
    />
  );
}
