import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/verify-email`: confirms the e-mail address with the link of the e-mail (spec 000, section 2). For now, a title and what will be here. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.verifyEmail.title')}
      description={t('pages.verifyEmail.description')}
    />
  );
}
