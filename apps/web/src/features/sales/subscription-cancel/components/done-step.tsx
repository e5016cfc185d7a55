import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format.ts';
import { CANCEL_NAMESPACE } from '../lib/subscription-cancel-i18n.ts';

/** Step 3: renewal is off, access lasts until the end, and it can be turned on again. */
export function DoneStep({
  packageName,
  subscriptionEnd,
  onFinish,
}: {
  packageName: string;
  subscriptionEnd: string | null;
  onFinish: () => void;
}) {
  const { t } = useTranslation(CANCEL_NAMESPACE);
  const date = subscriptionEnd ? formatDate(subscriptionEnd) : t('noDate');
  return (
    <section className="cancel-card" aria-labelledby="cancel-done-title">
      <h2 id="cancel-done-title" className="cancel-card__title">
        {t('done.title')}
      </h2>
      <p role="status">{t('done.text', { plan: packageName, date })}</p>
      <p>
        {t('done.again')} <Link to="/cuenta/editar">{t('toAccount')}</Link>
      </p>
      <div className="form-actions">
        <Button type="primary" onClick={onFinish}>
          {t('done.finish')}
        </Button>
      </div>
    </section>
  );
}
