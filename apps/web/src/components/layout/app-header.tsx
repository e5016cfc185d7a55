import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { initials } from '../../lib/format.ts';
import { MenuIcon } from '../icons.tsx';
import { LanguageToggle } from '../language-toggle.tsx';
import { Logo } from '../logo.tsx';
import { UserMenu } from './user-menu.tsx';

// The header is drawn without Ant Design, which every signed-in page would otherwise load before
// its first paint (Lighthouse); the drawer, Ant Design's, loads when first opened.
const NavDrawer = lazy(() =>
  import('./nav-drawer.tsx').then((module) => ({ default: module.NavDrawer })),
);

export interface HeaderUser {
  name: string;
  lastName?: string;
  avatar: string | null;
}

interface AppHeaderProps {
  user: HeaderUser | undefined;
  /** The full header; false while a test runs (the stored header flag is not '1'). */
  isFull: boolean;
  /** An administrator: the menus lead to the back office too. */
  isAdmin?: boolean;
  onLogout: () => void;
  /**
   * During a trial, the trial's subscription: the menu's renew item says what paying does then
   * ("Renovar suscripción" meant nothing to a student a day into a free trial).
   */
  trialSubscriptionId?: number | null;
}

const MAIN_LINKS = [
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/materias', label: 'nav.subjects' },
] as const;

const USER_LINKS = [
  { to: '/dashboard', label: 'nav.dashboard' },
  { to: '/materias', label: 'nav.subjects' },
  { to: '/cuenta/editar', label: 'nav.profile' },
  { to: '/agregar/subscripcion', label: 'nav.renew' },
] as const;

/** The user menu's links; during a trial the last one pays the trial's plan now. */
export function userLinks(trialSubscriptionId: number | null | undefined) {
  if (trialSubscriptionId === null || trialSubscriptionId === undefined) return USER_LINKS;
  return [
    ...USER_LINKS.slice(0, -1),
    { to: `/factura/detalles?subscription=${trialSubscriptionId}`, label: 'nav.payTrial' },
  ] as const;
}

const LOGOUT_KEY = 'logout';
const ADMIN_PATH = '/admin';

/** The pages about a subject (setup, tests, results, history, statistics): under "Materias". */
const SUBJECT_PAGES = [
  '/materias',
  '/temas',
  '/temashistorial',
  '/test',
  '/revision',
  '/revisar',
  '/resultado',
  '/historico',
  '/ensayo',
  '/estadistica',
];

/**
 * The main nav's item of a page (only the exact address was marked, so the pages about
 * a subject marked nothing).
 */
export function mainNavItemFor(pathname: string): string | null {
  if (pathname === '/dashboard') return '/dashboard';
  const isSubjectPage = SUBJECT_PAGES.some(
    (page) => pathname === page || pathname.startsWith(`${page}/`),
  );
  return isSubjectPage ? '/materias' : null;
}

/** The header of the logged-in pages (spec 000, screen 11). */
export function AppHeader({
  user,
  isFull,
  isAdmin = false,
  onLogout,
  trialSubscriptionId,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = mainNavItemFor(pathname);
  const isCurrent = (to: string) => to === current || to === pathname;
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [hasOpenedDrawer, setHasOpenedDrawer] = useState(false);

  if (!isFull) {
    // While a test runs: nothing that leads away from it.
    return (
      <header className="app-header app-header--reduced">
        <div className="app-header__inner">
          <Logo />
          <div className="app-header__actions">
            <LanguageToggle />
          </div>
        </div>
      </header>
    );
  }

  const links = userLinks(trialSubscriptionId);
  const userMenuItems = [
    ...links.map((link) => ({ key: link.to, label: t(link.label) })),
    ...(isAdmin ? [{ key: ADMIN_PATH, label: t('nav.admin') }] : []),
    { key: LOGOUT_KEY, label: t('nav.logout'), isDanger: true },
  ];
  const onUserMenu = (key: string) => {
    if (key === LOGOUT_KEY) onLogout();
    else void navigate(key);
  };

  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <button
          type="button"
          className="header-icon-button app-header__menu-button"
          aria-label={t('nav.openMenu')}
          aria-expanded={isDrawerOpen}
          onClick={() => {
            setHasOpenedDrawer(true);
            setIsDrawerOpen(true);
          }}
        >
          <MenuIcon />
        </button>
        <Link to="/dashboard" className="app-header__home">
          <Logo />
        </Link>
        <nav className="app-header__nav" aria-label={t('nav.main')}>
          {MAIN_LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={link.to === current ? 'app-header__link active' : 'app-header__link'}
              aria-current={link.to === current ? 'page' : undefined}
            >
              {t(link.label)}
            </Link>
          ))}
        </nav>
        <div className="app-header__actions">
          <LanguageToggle />
          {user && (
            <Link to="/cuenta/editar" className="app-header__user" title={t('nav.profile')}>
              <span className="app-header__avatar">
                {user.avatar ? (
                  <img src={user.avatar} alt="" />
                ) : (
                  initials(user.name, user.lastName)
                )}
              </span>
              <span className="app-header__username">{user.name}</span>
            </Link>
          )}
          <UserMenu label={t('nav.userMenu')} items={userMenuItems} onSelect={onUserMenu} />
        </div>
      </div>

      {hasOpenedDrawer && (
        <Suspense fallback={null}>
          <NavDrawer isOpen={isDrawerOpen} onClose={closeDrawer}>
            <nav className="app-drawer__nav" aria-label={t('nav.main')}>
              {links.map((link) => (
                <Link
                  key={link.to}
                  to={link.to}
                  className={isCurrent(link.to) ? 'app-drawer__link active' : 'app-drawer__link'}
                  aria-current={isCurrent(link.to) ? 'page' : undefined}
                  onClick={closeDrawer}
                >
                  {t(link.label)}
                </Link>
              ))}
              {isAdmin && (
                <NavLink to={ADMIN_PATH} className="app-drawer__link" onClick={closeDrawer}>
                  {t('nav.admin')}
                </NavLink>
              )}
              <button
                type="button"
                className="app-drawer__link app-drawer__logout"
                onClick={() => {
                  closeDrawer();
                  onLogout();
                }}
              >
                {t('nav.logout')}
              </button>
            </nav>
          </NavDrawer>
        </Suspense>
      )}
    </header>
  );
}
