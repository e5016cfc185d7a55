import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SessionUser } from '../../../lib/session.ts';
import {
  getSubscriptionState,
  pathAfterLogin,
  subscriptionStateQueryKey,
} from '../../subscriptions/api/get-subscription-state.ts';
import { LoginForm } from '../components/login-form.tsx';

/** `/`, `/login` and `/login/:lang/:banner` (spec 000, section 2, screen 1). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /**
   * After login, by subscriptions (spec 000, section 4): package selection, the invoice details or
   * the dashboard; the answer is the shared subscription state, kept for the pages after. An
   * administrator has none to choose and keeps the dashboard; without an answer, the dashboard.
   */
  async function routeAfterLogin(user: SessionUser): Promise<string> {
    if (user.role === 'admin') return '/dashboard';
    try {
      const state = await getSubscriptionState();
      queryClient.setQueryData(subscriptionStateQueryKey, state);
      return pathAfterLogin(state);
    } catch {
      return '/dashboard';
    }
  }

  function goBack() {
    // React Router numbers its history entries; at the first one there is nothing to go back to.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/paquetes');
  }

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="login-title">
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
          <button type="button" className="link-button" onClick={goBack}>
            {t('login.back')}
          </button>
        </div>
      </section>
    </div>
  );
}
