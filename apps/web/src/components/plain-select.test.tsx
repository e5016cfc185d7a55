import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlainSelect } from './plain-select.tsx';

const REGIONS = [
  { value: '13', label: 'Región Metropolitana' },
  { value: '5', label: 'Región de Valparaíso' },
];

function Region({
  initial = '',
  options = REGIONS,
  onChange = () => undefined,
  ...props
}: {
  initial?: string;
  options?: typeof REGIONS;
  onChange?: (value: string) => void;
  loading?: boolean;
  disabled?: boolean;
  status?: 'error';
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="region">Región</label>
      <PlainSelect
        id="region"
        value={value}
        options={options}
        placeholder="Elige una opción"
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        {...props}
      />
    </>
  );
}

describe('PlainSelect', () => {
  it('shows its placeholder until a choice, then the choice; the placeholder is not a choice', async () => {
    const onChange = vi.fn();
    render(<Region onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Región' });
    expect(select).toHaveDisplayValue('Elige una opción');
    expect(within(select).getByRole('option', { name: 'Elige una opción' })).toBeDisabled();

    await userEvent.selectOptions(select, 'Región de Valparaíso');

    expect(onChange).toHaveBeenCalledWith('5');
    expect(select).toHaveDisplayValue('Región de Valparaíso');
    expect(within(select).queryByRole('option', { name: 'Elige una opción' })).toBeNull();
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Región Metropolitana', 'Región de Valparaíso']);
  });

  it('keeps a value whose option has not loaded yet, and says it is loading', () => {
    render(<Region initial="13" options={[]} loading />);
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Región' });
    expect(select.value).toBe('13');
    expect(select).toHaveAttribute('aria-busy', 'true');
  });

  it('passes on disabled and the error state', () => {
    render(<Region disabled status="error" />);
    const select = screen.getByRole('combobox', { name: 'Región' });
    expect(select).toBeDisabled();
    expect(select.parentElement).toHaveClass('plain-select--error');
  });
});
