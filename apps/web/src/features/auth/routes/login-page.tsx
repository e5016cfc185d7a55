import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoginForm } from '../components/login-form.tsx';

/** `/`, `/login` and `/login/:lang/:banner` (spec 000, section 2, screen 1). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

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
        {/* Spec 000 section 4 routes by subscriptions after login (core's routeAfterLogin); until
            the subscriptions API exists every student goes to the dashboard. */}
        <LoginForm onLoggedIn={() => void navigate('/dashboard', { replace: true })} />
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
