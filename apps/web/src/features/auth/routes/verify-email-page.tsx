import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/full-page-spinner.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { coreMessage } from '../../../lib/core-message.ts';
import { meQueryKey } from '../../../lib/session.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { emailLinkKind, safeVerificationPath } from '../lib/verification-url.ts';

/**
 * `/verify-email?url=...` (spec 000, section 2): requests the signed link of the e-mail and says
 * whether the address is confirmed; success continues to /login. The same page opens the link that
 * confirms a new address (issue 24): its failures say the server's reason (expired, or the address
 * taken meanwhile) and lead to the account page, where the link can be sent again.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const path = safeVerificationPath(searchParams.get('url'));
  const verification = useVerifyEmail(path);
  const isChange = path !== undefined && emailLinkKind(path) === 'change';
  const isVerified = path !== undefined && verification.isSuccess;

  useEffect(() => {
    // A signed-in student's profile now has the new address.
    if (isChange && isVerified) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [isChange, isVerified, queryClient]);

  if (path !== undefined && verification.isPending) return <FullPageSpinner />;

  const failure =
    isChange && isApiRequestError(verification.error)
      ? verification.error.message
      : coreMessage('verification.failed');
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
              {failure}
            </div>
            <p className="auth-card__lead">
              {isChange ? t('verification.changeFailedHelp') : t('verification.failedHelp')}
            </p>
            <Button
              size="large"
              block
              onClick={() => void navigate(isChange ? '/cuenta/editar' : '/login')}
            >
              {isChange ? t('verification.toAccount') : t('verification.toLogin')}
            </Button>
          </>
        )}
      </section>
    </div>
  );
}
