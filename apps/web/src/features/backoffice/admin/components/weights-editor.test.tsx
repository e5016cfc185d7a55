import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, list, meAs } from '../test/admin-fixtures.ts';

const period = {
  id: 7,
  subject_id: 2,
  name: 'Admisión 2027',
  test_duration: 140,
  question_count: 65,
  is_current: true,
};

describe('theme weights editor', () => {
  it('refuses weights that do not add up to 100 and saves them when they do', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/periods': () => list([period]),
      'GET /api/admin/periods/7/themes': () => ({
        status: 200,
        body: {
          data: [
            { theme_id: 21, theme_name: 'Números', weight: 60, is_elective: false },
            { theme_id: 22, theme_name: 'Álgebra y funciones', weight: 40, is_elective: false },
          ],
        },
      }),
      'PUT /api/admin/periods/7/themes': () => ({ status: 200, body: { data: [] } }),
    });
    const { user } = renderApp('/admin/periods');
    await screen.findByRole('cell', { name: 'Admisión 2027' });

    await user.click(screen.getByRole('button', { name: 'Ponderaciones' }));
    const drawer = await screen.findByRole('dialog');
    const numbers = await within(drawer).findByLabelText('Números');
    expect(within(drawer).getByText('Suma: 100 de 100')).toBeInTheDocument();

    await user.clear(numbers);
    await user.type(numbers, '50');
    expect(within(drawer).getByText('Suma: 90 de 100')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(drawer).findByText('Las ponderaciones deben sumar 100 (ahora suman 90).'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    const algebra = within(drawer).getByLabelText('Álgebra y funciones');
    await user.clear(algebra);
    await user.type(algebra, '50');
    await user.click(within(drawer).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Cambios guardados.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      weights: [
        { theme_id: 21, weight: 50 },
        { theme_id: 22, weight: 50 },
      ],
    });
  });
});
