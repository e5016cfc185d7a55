import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainAlert, PlainSwitch } from './plain-controls.tsx';
import { PlainPager, PlainTable, type PlainColumn } from './plain-table.tsx';

interface Invoice {
  id: number;
  number: string;
  total: string;
  note: string | null;
}

const COLUMNS: PlainColumn<Invoice>[] = [
  { key: 'number', title: 'Número', render: (row) => row.number },
  { key: 'total', title: 'Total', align: 'right', render: (row) => row.total },
];

describe('PlainTable', () => {
  it('draws a header, a row per record with its labels, and a line under the rows that have one', () => {
    render(
      <PlainTable<Invoice>
        columns={COLUMNS}
        rows={[
          { id: 1, number: 'ENS-1', total: '$9.990', note: null },
          { id: 2, number: 'ENS-2', total: '$5.391', note: 'Pago rechazado' },
        ]}
        rowKey={(row) => row.id}
        empty="Aún no tienes boletas."
        below={(row) => row.note}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Número', 'Total']);
    const rows = screen.getAllByRole('row');
    // The header, two records and one note.
    expect(rows).toHaveLength(4);
    const cells = within(rows[1]!).getAllByRole('cell');
    // Each cell carries its column's title: a phone shows the row as label and value pairs.
    expect(cells.map((cell) => cell.dataset['label'])).toEqual(['Número', 'Total']);
    expect(cells[1]).toHaveClass('plain-table__right');
    expect(within(rows[3]!).getByRole('cell')).toHaveTextContent('Pago rechazado');
    expect(within(rows[3]!).getByRole('cell')).toHaveAttribute('colspan', '2');
    expect(screen.queryByText('Aún no tienes boletas.')).not.toBeInTheDocument();
  });

  it('says so when there are no records, but not while they load', () => {
    const { rerender } = render(
      <PlainTable<Invoice>
        columns={COLUMNS}
        rows={[]}
        rowKey={(row) => row.id}
        empty="Nada"
        isLoading
      />,
    );
    expect(screen.queryByText('Nada')).not.toBeInTheDocument();
    rerender(
      <PlainTable<Invoice> columns={COLUMNS} rows={[]} rowKey={(row) => row.id} empty="Nada" />,
    );
    expect(screen.getByText('Nada')).toBeInTheDocument();
  });
});

describe('PlainPager', () => {
  function Pages({ total }: { total: number }) {
    const [page, setPage] = useState(1);
    return (
      <PlainPager
        page={page}
        pageSize={10}
        total={total}
        totalText={`${total} boletas`}
        onChange={setPage}
      />
    );
  }

  it('moves page by page and stops at both ends', async () => {
    const user = userEvent.setup();
    render(<Pages total={25} />);
    const pages = screen.getByRole('navigation', { name: 'Páginas' });
    expect(pages).toHaveTextContent('25 boletas');
    expect(pages).toHaveTextContent('Página 1 de 3');
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    expect(pages).toHaveTextContent('Página 3 de 3');
    expect(within(pages).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Anterior' }));
    expect(pages).toHaveTextContent('Página 2 de 3');
  });

  it('is not shown when everything fits on one page', () => {
    render(<Pages total={10} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('PlainSwitch', () => {
  function Contrast({ onChange }: { onChange: (checked: boolean) => void }) {
    const [checked, setChecked] = useState(false);
    return (
      <>
        <label htmlFor="contrast">Alto contraste</label>
        <PlainSwitch
          id="contrast"
          checked={checked}
          checkedText="Sí"
          uncheckedText="No"
          onChange={(next) => {
            setChecked(next);
            onChange(next);
          }}
        />
      </>
    );
  }

  it('is a switch named by its label, turned with a click, Enter or Space', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Contrast onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Alto contraste' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveTextContent('No');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveTextContent('Sí');
    toggle.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onChange.mock.calls.map(([checked]) => checked)).toEqual([true, false, true]);
  });

  it('cannot be turned while its change is being saved', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<PlainSwitch aria-label="Renovación" checked loading onChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Renovación' });
    expect(toggle).toHaveAttribute('aria-busy', 'true');
    await user.click(toggle);
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('PlainAlert', () => {
  it('shows its message and closes with a named button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <PlainAlert type="success" role="status" closeLabel="Cerrar" onClose={onClose}>
        Renovación activada
      </PlainAlert>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Renovación activada');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
