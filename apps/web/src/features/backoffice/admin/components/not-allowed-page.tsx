import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';

/** `/admin/*` for anyone but an admin: the server would answer 403 to every call, so none is made. */
export function NotAllowedPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const navigate = useNavigate();
  return (
    <section className="page not-allowed" aria-labelledby="not-allowed-title">
      <p className="not-allowed__code" aria-hidden="true">
        {t('notAllowed.code')}
      </p>
      <h1 id="not-allowed-title" className="page__title">
        {t('notAllowed.title')}
      </h1>
      <p className="page__lead">{t('notAllowed.message')}</p>
      <Button type="primary" size="large" onClick={() => void navigate('/dashboard')}>
        {t('notAllowed.button')}
      </Button>
    </section>
  );
}
