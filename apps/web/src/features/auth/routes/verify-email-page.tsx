import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { coreMessage } from '../../../lib/core-message.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { safeVerificationPath } from '../lib/verification-url.ts';

/**
 * `/verify-email?url=...` (spec 000, section 2): requests the signed link of the e-mail and says
 * whether the address is confirmed; success continues to /login.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const path = safeVerificationPath(searchParams.get('url'));
  const verification = useVerifyEmail(path);

  if (path !== undefined && verification.isPending) return <FullPageSpinner />;

  const isVerified = path !== undefined && verification.isSuccess;
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="verify-title">
        {isVerified ? (
          <>
            <h1 id="verify-title" className="auth-card__title">
              {t('verification.successTitle')}
            </h1>
            <p className="auth-card__lead" role="status">
              {verification.data}
            </p>
            <Button
              type="primary"
              size="large"
              block
              onClick={() => void navigate('/login', { replace: true })}
            >
              {t('verification.continue')}
            </Button>
          </>
        ) : (
          <>
            <h1 id="verify-title" className="auth-card__title">
              {t('pages.verifyEmail.title')}
            </h1>
            <div className="form-alert" role="alert">
              {coreMessage('verification.failed')}
            </div>
            <p className="auth-card__lead">{t('verification.failedHelp')}</p>
            <Button size="large" block onClick={() => void navigate('/login')}>
              {t('verification.toLogin')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
