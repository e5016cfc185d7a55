import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { initials } from '../../lib/format.ts';
import { ChevronDownIcon, MenuIcon } from '../icons.tsx';
import { LanguageToggle } from '../language-toggle.tsx';
import { Logo } from '../logo.tsx';

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
 * The main nav's item of a page (issue 13: only the exact address was marked, so the pages about
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
export function AppHeader({ user, isFull, isAdmin = false, onLogout }: AppHeaderProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = mainNavItemFor(pathname);
  const isCurrent = (to: string) => to === current || to === pathname;
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

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

  const userMenu: MenuProps = {
    items: [
      ...USER_LINKS.map((link) => ({ key: link.to, label: t(link.label) })),
      ...(isAdmin ? [{ key: ADMIN_PATH, label: t('nav.admin') }] : []),
      { type: 'divider' as const },
      { key: LOGOUT_KEY, label: t('nav.logout'), danger: true },
    ],
    onClick: ({ key }) => {
      if (key === LOGOUT_KEY) onLogout();
      else void navigate(key);
    },
  };

  const closeDrawer = () => setIsDrawerOpen(false);

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Button
          className="app-header__menu-button"
          type="text"
          icon={<MenuIcon />}
          aria-label={t('nav.openMenu')}
          aria-expanded={isDrawerOpen}
          onClick={() => setIsDrawerOpen(true)}
        />
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
              <Avatar src={user.avatar || undefined} alt="" size={32}>
                {initials(user.name, user.lastName)}
              </Avatar>
              <span className="app-header__username">{user.name}</span>
            </Link>
          )}
          <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
            <Button type="text" icon={<ChevronDownIcon />} aria-label={t('nav.userMenu')} />
          </Dropdown>
        </div>
      </div>

      <Drawer
        open={isDrawerOpen}
        onClose={closeDrawer}
        placement="left"
        size={280}
        title={<Logo height={28} />}
      >
        <nav className="app-drawer__nav" aria-label={t('nav.main')}>
          {USER_LINKS.map((link) => (
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
      </Drawer>
    </header>
  );
}
