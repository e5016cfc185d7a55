import { useTranslation } from 'react-i18next';
import { PlainButton } from './plain-controls.tsx';

/** A read failed (server down, no connection): say so and offer to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow" role="alert">
      <h1>{t('errors.loadFailedTitle')}</h1>
      <p>{t('errors.loadFailed')}</p>
      <PlainButton variant="primary" onClick={onRetry}>
        {t('errors.retry')}
      </PlainButton>
    </div>
  );
}
