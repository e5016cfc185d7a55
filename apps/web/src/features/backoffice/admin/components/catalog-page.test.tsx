import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, list, meAs, subjects } from '../test/admin-fixtures.ts';

describe('catalogue pages', () => {
  it('edits a subject in a drawer, sending only what may change', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'PATCH /api/admin/subjects/2': (request) => ({
        status: 200,
        body: { data: { ...subjects[0], ...(request.body as object) } },
      }),
    });
    const { user } = renderApp('/admin/subjects');
    const row = (await screen.findByRole('cell', { name: 'M1' })).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog');
    const name = within(drawer).getByRole('textbox', { name: 'Nombre' });
    expect(name).toHaveValue('M1');
    expect(within(drawer).getByRole('spinbutton', { name: 'Puntaje de referencia' })).toHaveValue(
      '450',
    );
    await user.clear(name);
    await user.type(name, 'Matemática M1');
    await user.click(within(drawer).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      name: 'Matemática M1',
      description: null,
      approval_grade: 450,
      approval_rule: 'application_average',
      position: 2,
    });
  });

  it('shows the server message when a delete is refused (409)', async () => {
    installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/themes': () =>
        list([
          {
            id: 21,
            subject_id: 2,
            name: 'Números',
            position: 1,
            is_elective: false,
            question_count: 10,
          },
        ]),
      'DELETE /api/admin/themes/21': () => ({
        status: 409,
        body: { message: 'Otros registros dependen de este, así que no se puede eliminar.' },
      }),
    });
    const { user } = renderApp('/admin/themes');
    const row = (await screen.findByRole('cell', { name: 'Números' })).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Eliminar' }));
    // The confirmation's own button comes after the row's.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Eliminar' })).toHaveLength(2),
    );
    await user.click(screen.getAllByRole('button', { name: 'Eliminar' }).at(-1)!);
    expect(
      await screen.findByText('Otros registros dependen de este, así que no se puede eliminar.'),
    ).toBeInTheDocument();
  });
});
