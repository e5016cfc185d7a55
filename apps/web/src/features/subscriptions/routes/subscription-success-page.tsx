import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/subscripcion/exitosa`: payment confirmation (spec 000, screen 6). For now, a title and what will be here. */
export function SubscriptionSuccessPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.subscriptionSuccess.title')}
      description={t('pages.subscriptionSuccess.description')}
    />
  );
}
