import '../test-taking.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PlainButton } from '../../components/plain-controls.tsx';
import { updateControl, type ControlContext } from '../lib/control-context.ts';
import { writePageHeaderIndex } from '../lib/test-flags.ts';
import { TEST_TAKING_NAMESPACE } from '../lib/test-taking-i18n.ts';

function BackIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

const MENU = [
  { index: 0, to: '/materias', label: 'pageHeader.subjects', needsAccess: true },
  { index: 1, to: '/historico', label: 'pageHeader.history', needsAccess: false },
  { index: 2, to: '/estadistica', label: 'pageHeader.statistics', needsAccess: false },
] as const;

/**
 * The menu item of the page the student is on, from the address (a stored index lit
 * "Materias" on the result, the statistics and the setup). The histories and the review of an
 * attempt are under history; pages that are none of the three (setup, result) light nothing.
 */
export function pageHeaderTabFor(pathname: string): number | null {
  if (pathname === '/materias') return 0;
  if (pathname === '/historico' || pathname.startsWith('/historico/') || pathname === '/revisar') {
    return 1;
  }
  if (pathname === '/estadistica') return 2;
  return null;
}

/**
 * The page header of the test screens (spec 000 section 11, spec 001 section 2): a back button,
 * the title and, when the student has taken tests in the subject, a menu with subjects (only with
 * access), history and statistics. While a test runs there is no menu: nothing leads away.
 */
export function EnginePageHeader({
  title,
  onBack,
  control,
  isTestRunning = false,
}: {
  title: string;
  onBack: () => void;
  control?: ControlContext | null;
  isTestRunning?: boolean;
}) {
  const { t } = useTranslation(TEST_TAKING_NAMESPACE);
  const activeIndex = pageHeaderTabFor(useLocation().pathname);
  const items =
    control && control.testCount > 0 && !isTestRunning
      ? MENU.filter((item) => !item.needsAccess || control.hasAccess)
      : [];

  return (
    <div className="engine-header">
      <PlainButton variant="text" onClick={onBack} className="engine-header__back">
        <BackIcon />
        {t('pageHeader.back')}
      </PlainButton>
      <h1 className="page__title engine-header__title">{title}</h1>
      {items.length > 0 && (
        <nav className="engine-header__menu" aria-label={t('pageHeader.menu')}>
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className="engine-header__link"
              aria-current={item.index === activeIndex ? 'page' : undefined}
              onClick={() => {
                writePageHeaderIndex(item.index);
                // History and statistics open on the practice tests (spec 001, section 2).
                if (item.index > 0) updateControl({ type: 'custom' });
              }}
            >
              {t(item.label)}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
