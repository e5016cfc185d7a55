import Drawer from 'antd/es/drawer';
import type { ComponentProps } from 'react';
import { AntdScope } from '../../app/antd-scope.tsx';
import { StatusTable } from './status-table.tsx';

/**
 * Phones: the question palette as a sheet from the bottom of the screen,
 * opened from the status line. Its own chunk, with Ant Design's scope: only a narrow screen loads
 * it, when the student first opens it (or once they start working: test-player.tsx).
 */
export default function PaletteSheet({
  open,
  title,
  onClose,
  ...table
}: { open: boolean; title: string; onClose: () => void } & ComponentProps<typeof StatusTable>) {
  return (
    <AntdScope>
      <Drawer
        placement="bottom"
        open={open}
        title={title}
        onClose={onClose}
        size="auto"
        className="palette-sheet"
      >
        <StatusTable {...table} />
      </Drawer>
    </AntdScope>
  );
}
