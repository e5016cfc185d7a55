import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/olvido`: forgot password (spec 000, screen 2). For now, a title and what will be here. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.forgotPassword.title')}
      description={t('pages.forgotPassword.description')}
    />
  );
}
