import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, list, meAs } from '../test/admin-fixtures.ts';
import { chooseOption } from '../test/choose-option.ts';

const student = {
  id: 31,
  name: 'Camila',
  last_name: 'Rojas',
  email: 'camila@example.cl',
  role: 'student' as const,
  extra_time_percent: 0,
};

describe('users and extra time', () => {
  it('finds a student and gives them +50 % time, sending only the extra time', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/users': () => list([student]),
      'PATCH /api/admin/users/31': (request) => ({
        status: 200,
        body: { data: { ...student, ...(request.body as object) } },
      }),
    });
    const { user } = renderApp('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Usuarios: tiempo adicional' }),
    ).toBeVisible();
    const row = (await screen.findByRole('cell', { name: 'camila@example.cl' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Sin tiempo adicional' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/Ajuste de accesibilidad/)).toBeInTheDocument();
    await chooseOption(user, 'Tiempo adicional', '+50 %', drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ extra_time_percent: 50 });
    expect(requests.some((r) => r.method === 'POST' || r.method === 'DELETE')).toBe(false);
  });
});
