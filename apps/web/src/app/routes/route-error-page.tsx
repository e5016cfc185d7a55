import { useTranslation } from 'react-i18next';
import { PlainButton } from '../../components/plain-controls.tsx';

/**
 * Shown when a page crashes or its code cannot be loaded (for example after a deploy replaced the
 * chunk an open tab still asks for): reloading fetches the current version.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow" role="alert">
      <h1 className="page__title">{t('errors.crashTitle')}</h1>
      <p className="page__lead">{t('errors.crash')}</p>
      <PlainButton variant="primary" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </PlainButton>
    </section>
  );
}
