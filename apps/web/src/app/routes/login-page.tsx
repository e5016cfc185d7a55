import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../lib/session.ts';
import {
  getSubscriptionState,
  pathAfterLogin,
  subscriptionStateQueryKey,
} from '../../features/sales/subscriptions/api/get-subscription-state.ts';
import { packagesQueryKey } from '../../features/sales/packages/api/get-packages.ts';
import { LoginForm } from '../../features/accounts/auth/components/login-form.tsx';

/**
 * `/`, `/login` and `/login/:lang/:banner` (spec 000, section 2, screen 1): the accounts area's
 * login form, and where the sales area's subscription state sends the student after it.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /**
   * After login, by subscriptions (spec 000, section 4): package selection, the invoice details or
   * the dashboard; the answer is the shared subscription state, kept for the pages after. An
   * administrator has none to choose and works in the back office, `/admin`; without an answer,
   * the dashboard.
   */
  async function routeAfterLogin(user: SessionUser): Promise<string> {
    // The packages say whether this student is offered a trial: not what a visitor was told.
    void queryClient.invalidateQueries({ queryKey: packagesQueryKey });
    if (user.role === 'admin') return '/admin';
    try {
      const state = await getSubscriptionState();
      queryClient.setQueryData(subscriptionStateQueryKey, state);
      return pathAfterLogin(state);
    } catch {
      return '/dashboard';
    }
  }

  // React Router numbers its history entries: at the first one there is nothing to go back to,
  // and the spec's back link is left out rather than sending a visitor somewhere unasked.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
        <p className="auth-card__about">{t('login.about')}</p>
        <h1 id="login-title" className="auth-card__title">
          {t('login.title')}
        </h1>
        <p className="auth-card__lead">{t('login.lead')}</p>
        <LoginForm
          routeAfterLogin={routeAfterLogin}
          onLoggedIn={(route) => void navigate(route, { replace: true })}
        />
        <div className="auth-card__links">
          <Link to="/olvido">{t('login.forgotPassword')}</Link>
          <Link to="/paquetes">{t('login.seePackages')}</Link>
          {canGoBack && (
            <button type="button" className="link-button" onClick={() => void navigate(-1)}>
              {t('login.back')}
            </button>
          )}
        </div>
        {/* A visitor's way in: the spec's registration starts at a package. */}
        <div className="auth-card__signup">
          <p className="auth-card__signup-text">
            <span>{t('login.newHere')}</span> <span>{t('login.createAccountHint')}</span>
          </p>
          <Link to="/paquetes" className="auth-card__signup-button">
            {t('login.createAccount')}
          </Link>
        </div>
      </section>
    </div>
  );
}
