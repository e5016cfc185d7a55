import Drawer from 'antd/es/drawer';
import type { ComponentProps } from 'react';
import { StatusTable } from './status-table.tsx';

/**
 * Phones: the question palette as a sheet from the bottom of the screen,
 * opened from the status line. Its own chunk: only a narrow screen loads it.
 */
export default function PaletteSheet({
  open,
  title,
  onClose,
  ...table
}: { open: boolean; title: string; onClose: () => void } & ComponentProps<typeof StatusTable>) {
  return (
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
  );
}
