import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { SiteFooter } from '../../components/layout/site-footer.tsx';
import { CookieConsentBar } from '../../features/site/cookie-consent/components/cookie-consent-bar.tsx';
import { registerAppHandlers } from '../../lib/app-bridge.ts';
import { RouteErrorPage } from '../routes/route-error-page.tsx';

/** Every page: the routed content, the footer and the cookie notice. */
export function RootLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // The API client sends the user to /login on 401 and 419 without importing the router.
  useEffect(() => registerAppHandlers({ navigate: (path) => void navigate(path) }), [navigate]);

  // Each navigation to another page starts at its top (spec 000, section 2). Changes of the query
  // string alone (filters, pagination) keep the reader where they are.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  return (
    <div className="app-shell">
      {/* Keyed by path: after a crash, moving to another page renders normally again. */}
      <ErrorBoundary key={pathname} fallback={<RouteErrorPage />}>
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
      <SiteFooter />
      <CookieConsentBar />
    </div>
  );
}
