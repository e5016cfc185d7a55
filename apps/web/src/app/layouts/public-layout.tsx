import { Suspense, useLayoutEffect } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { parseLanguage } from '@ensaya/core/i18n/language';
import { StorageKey } from '@ensaya/core/storage-keys';
import { FullPageSpinner } from '../../components/full-page-spinner.tsx';
import { LanguageToggle } from '../../components/language-toggle.tsx';
import { Logo } from '../../components/logo.tsx';
import { setLanguage } from '../../lib/i18n.ts';
import { writeStored } from '../../lib/storage.ts';

/**
 * `/login/:lang/:banner` and `/registro/:id/:lang/:banner?` carry preferences in the address: the
 * language switches the interface and is stored, the banner flag is stored (spec 000, section 2).
 * A layout effect, so the page never paints in the wrong language first.
 */
function useAddressPreferences() {
  const { lang, banner } = useParams();
  useLayoutEffect(() => {
    const language = parseLanguage(lang);
    if (language) setLanguage(language);
    if (banner !== undefined) writeStored(StorageKey.banner, banner);
  }, [lang, banner]);
}

/** Pages for visitors: login, registration, packages, password, help. */
export function PublicLayout() {
  useAddressPreferences();
  return (
    <>
      <header className="public-header">
        <div className="public-header__inner">
          <Link to="/" className="public-header__home">
            <Logo />
          </Link>
          <LanguageToggle />
        </div>
      </header>
      <main className="app-main" id="main">
        <Suspense fallback={<FullPageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
