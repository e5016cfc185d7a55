import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/cancelar/subscripcion`: the cancel wizard (spec 000, screen 8). For now, a title and what will be here. */
export function CancelSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.cancelSubscription.title')}
      description={t('pages.cancelSubscription.description')}
    />
  );
}
