import { useTranslation } from 'react-i18next';
import { PageShell } from '../../../components/page-shell.tsx';

/** `/agregar/subscripcion`: renew or add a subscription (spec 000, section 2). For now, a title and what will be here. */
export function AddSubscriptionPage() {
  const { t } = useTranslation();
  return (
    <PageShell
      title={t('pages.addSubscription.title')}
      description={t('pages.addSubscription.description')}
    />
  );
}
