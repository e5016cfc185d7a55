import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/resetpassword`: reset password with the token of the e-mail (spec 000, screen 3). For now, a title and what will be here. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.resetPassword.title')}
      description={t('pages.resetPassword.description')}
    />
  );
}
