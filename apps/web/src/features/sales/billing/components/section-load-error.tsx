import { useTranslation } from 'react-i18next';
import { PlainAlert, PlainButton } from '../../../../components/plain-controls.tsx';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { BILLING_NAMESPACE } from '../lib/billing-i18n.ts';

/**
 * A table of the account page could not load: the server's message (or a plain one), and a retry,
 * without taking the rest of the page down.
 */
export function SectionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const message = isApiRequestError(error) ? error.message : t('loadFailed');
  return (
    <PlainAlert
      type="error"
      role="alert"
      action={
        <PlainButton size="small" onClick={onRetry}>
          {t('retry')}
        </PlainButton>
      }
    >
      {message}
    </PlainAlert>
  );
}
