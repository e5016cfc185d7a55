import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { showErrorDialog, showErrorNotice } from '../lib/app-bridge.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';

function renderProviders() {
  return {
    user: userEvent.setup(),
    ...render(
      <AppProviders queryClient={createQueryClient({ retry: false })}>
        <p>página</p>
      </AppProviders>,
    ),
  };
}

describe('feedback host', () => {
  it('shows an error dialog once, however often the same error is reported, until closed', async () => {
    const { user } = renderProviders();

    act(() => {
      showErrorDialog('Error', 'No autenticado.');
      showErrorDialog('Error', 'No autenticado.');
    });

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('No autenticado.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a dismissible notice', async () => {
    const { user } = renderProviders();

    act(() => showErrorNotice('Demasiados intentos.'));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Demasiados intentos.');
    await user.click(within(notice).getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
