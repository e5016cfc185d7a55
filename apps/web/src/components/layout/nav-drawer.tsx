import Drawer from 'antd/es/drawer';
import type { ReactNode } from 'react';
import { AntdScope } from '../../app/antd-scope.tsx';
import { Logo } from '../logo.tsx';

/**
 * The header's menu drawer on a phone. Ant Design's Drawer (focus trap, Escape, mask) in a chunk of
 * its own, loaded on the first opening (app-header.tsx): the pages' shell does not wait for it. The
 * header is outside Ant Design's scope (theme, locale), so the drawer brings its own.
 */
export function NavDrawer({
  isOpen,
  onClose,
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <AntdScope>
      <Drawer
        open={isOpen}
        onClose={onClose}
        placement="left"
        size={280}
        title={<Logo height={28} />}
      >
        {children}
      </Drawer>
    </AntdScope>
  );
}
