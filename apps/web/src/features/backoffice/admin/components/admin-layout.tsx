import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Menu from 'antd/es/menu';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ADMIN_NAMESPACE } from '../lib/admin-i18n.ts';
import { useMediaQuery } from '../../../../lib/use-media-query.ts';

/** The back office's sections, in menu order: [path under /admin, menu text key]. */
export const adminSections = [
  ['questions', 'menu.questions'],
  ['item-analysis', 'menu.itemAnalysis'],
  ['scheduled-exams', 'menu.scheduledExams'],
  ['contexts', 'menu.contexts'],
  ['subjects', 'menu.subjects'],
  ['themes', 'menu.themes'],
  ['periods', 'menu.periods'],
  ['grades', 'menu.grades'],
  ['packages', 'menu.packages'],
  ['promo-codes', 'menu.promoCodes'],
  ['standard-tests', 'menu.standardTests'],
  ['feedback-form', 'menu.feedback'],
  ['import-export', 'menu.importExport'],
  ['users', 'menu.users'],
] as const;

/** Below this width the side menu folds into a drawer behind a button. */
const NARROW = '(max-width: 839.98px)';

function SectionMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const { pathname } = useLocation();
  const current = pathname.split('/')[2] ?? 'questions';
  return (
    <Menu
      className="admin-menu"
      mode="inline"
      selectedKeys={[current]}
      items={adminSections.map(([path, label]) => ({
        key: path,
        label: (
          <Link to={`/admin/${path}`} onClick={onNavigate}>
            {t(label)}
          </Link>
        ),
      }))}
    />
  );
}

/** The back office's frame: the section menu beside (or, on narrow screens, above) the page. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const isNarrow = useMediaQuery(NARROW);
  const [isMenuOpen, setMenuOpen] = useState(false);

  return (
    <div className="admin">
      {isNarrow ? (
        <>
          <Button className="admin__menu-button" onClick={() => setMenuOpen(true)}>
            ☰ {t('menu.open')}
          </Button>
          <Drawer
            open={isMenuOpen}
            placement="left"
            title={t('title')}
            onClose={() => setMenuOpen(false)}
            size={280}
          >
            <nav aria-label={t('menu.label')}>
              <SectionMenu onNavigate={() => setMenuOpen(false)} />
            </nav>
          </Drawer>
        </>
      ) : (
        <nav className="admin__side" aria-label={t('menu.label')}>
          <SectionMenu />
        </nav>
      )}
      <div className="admin__content">{children}</div>
    </div>
  );
}
