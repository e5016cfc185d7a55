import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { isApiRequestError } from '../../lib/api-client.ts';
import { coreMessage } from '../../lib/core-message.ts';
import { meQueryKey, type SessionUser } from '../../lib/session.ts';
import { StorageKey } from '@ensaya/core/storage-keys';
import { writeStored } from '../../lib/storage.ts';
import {
  getSubscriptionState,
  pathAfterLogin,
  subscriptionStateQueryKey,
} from '../../features/sales/subscriptions/api/get-subscription-state.ts';
import { packagesQueryKey } from '../../features/sales/packages/api/get-packages.ts';
import { rememberLogin } from '../../features/accounts/auth/api/login.ts';
import { useVerifyEmail } from '../../features/accounts/auth/api/verify-email.ts';
import {
  emailLinkKind,
  safeVerificationPath,
} from '../../features/accounts/auth/lib/verification-url.ts';

/** A package id as the mailed link carries it (`&package=`), or null. */
function packageParam(value: string | null): string | null {
  return value !== null && /^\d{1,9}$/.test(value) ? value : null;
}

/**
 * `/verify-email?url=...` (spec 000, section 2): requests the signed link of the e-mail and says
 * whether the address is confirmed. The opening that verifies it signs the student in (
 * the link is single-use for that, signed and 60 minutes long; docs/security.md) and goes straight
 * on to where the login would lead (the sign-up's package step, with the package chosen at
 * registration, `&package=`, preselected); any later opening continues to /login. The same page opens the link that
 * confirms a new address: its failures say the server's reason (expired, or the address
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
  const signedIn = verification.data?.user ?? null;
  const chosenPackage = packageParam(searchParams.get('package'));
  const hasContinued = useRef(false);

  useEffect(() => {
    // A signed-in student's profile now has the new address.
    if (isChange && isVerified) void queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [isChange, isVerified, queryClient]);

  /** As a login would (login-page.tsx): the session's flags, then where the subscriptions lead. */
  async function continueSignedIn(user: SessionUser) {
    rememberLogin(user);
    void queryClient.invalidateQueries({ queryKey: packagesQueryKey });
    let route = '/dashboard';
    try {
      const state = await getSubscriptionState();
      queryClient.setQueryData(subscriptionStateQueryKey, state);
      route = pathAfterLogin(state);
    } catch {
      // Without an answer, the dashboard (as the login page does).
    }
    if (route === '/subscripcion/paquete' && chosenPackage !== null) {
      route = `${route}?package=${chosenPackage}`;
    }
    // Cached last: the public routes' guard moves a signed-in user on as soon as it sees one.
    queryClient.setQueryData(meQueryKey, user);
    void navigate(route, { replace: true, state: { isEmailVerified: true } });
  }

  useEffect(() => {
    if (!isVerified || isChange) return;
    // The package chosen at registration, for the wizard after this (or after a later login).
    if (chosenPackage !== null) writeStored(StorageKey.package, chosenPackage);
    if (signedIn === null || hasContinued.current) return;
    hasContinued.current = true;
    void continueSignedIn(signedIn);
  });

  if (path !== undefined && verification.isPending) return <FullPageSpinner />;
  if (isVerified && signedIn !== null) return <FullPageSpinner />;

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
              {verification.data.message}
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
