import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { company } from '../../lib/company.ts';
import { Logo } from '../logo.tsx';

// The terms text is long: it loads when someone opens it, not with the login page.
const TermsModal = lazy(() =>
  import('./terms-modal.tsx').then((module) => ({ default: module.TermsModal })),
);

export function SiteFooter() {
  const { t } = useTranslation();
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [wasTermsOpened, setWasTermsOpened] = useState(false);
  const year = new Date().getFullYear();

  function openTerms() {
    setWasTermsOpened(true);
    setIsTermsOpen(true);
  }

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo height={28} />
          <p>{t('footer.tagline')}</p>
        </div>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.contact')}</h2>
          <address className="site-footer__address">
            <a href={`mailto:${company.email}`}>{company.email}</a>
            <a href={company.phoneHref}>{company.phoneDisplay}</a>
            <span>{company.address}</span>
          </address>
        </div>

        <nav className="site-footer__column" aria-label={t('footer.helpLabel')}>
          <h2 className="site-footer__heading">{t('footer.help')}</h2>
          <Link to="/preguntas-frecuentes">{t('footer.faq')}</Link>
          <Link to="/soporte">{t('footer.support')}</Link>
          <button type="button" className="link-button" onClick={openTerms}>
            {t('footer.terms')}
          </button>
        </nav>

        <div className="site-footer__column">
          <h2 className="site-footer__heading">{t('footer.follow')}</h2>
          <a href={company.instagramUrl} target="_blank" rel="noopener noreferrer">
            {t('footer.instagram')} <span className="visually-hidden">{t('footer.newTab')}</span>
          </a>
        </div>
      </div>

      <p className="site-footer__legal">
        <span>© {year} Ensaya</span>
        <span>{t('footer.disclaimer')}</span>
      </p>

      {wasTermsOpened && (
        <Suspense fallback={null}>
          <TermsModal open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
