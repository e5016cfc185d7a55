import { useTranslation } from 'react-i18next';

/** A plain CSS spinner: it shows before anything else loads, so it stays out of Ant Design. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="full-page-spinner" role="status" aria-label={t('app.loading')}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
