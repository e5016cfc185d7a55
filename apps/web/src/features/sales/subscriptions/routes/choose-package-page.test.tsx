import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../../../test/dialogs.ts';
import type { RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { packages, paesSubjects, studentApi, subscription } from '../test/subscription-fixtures.ts';

const geography = {
  'GET /api/states': () => ({
    status: 200,
    body: {
      data: [
        { id: 2, name: 'Región de Antofagasta', code: '02', vat_percentage: 19, country_id: 152 },
      ],
    },
  }),
  'GET /api/states/2/cities': () => ({
    status: 200,
    body: { data: [{ id: 21, name: 'Antofagasta', code: '021', state_id: 2 }] },
  }),
  'GET /api/cities/21/towns': () => ({
    status: 200,
    body: { data: [{ id: 2101, name: 'Antofagasta', code: '02101', city_id: 21 }] },
  }),
};

function steps() {
  return within(screen.getByRole('navigation', { name: /Pasos/ }))
    .getAllByRole('listitem')
    .map((item) => ({
      text: item.textContent,
      isCurrent: item.getAttribute('aria-current') === 'step',
    }));
}

const posted = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('subscribe wizard after registration (/subscripcion/paquete, no subscriptions)', () => {
  it('goes on with the registration stepper at the package step, and asks for a package', async () => {
    studentApi();
    const { user } = renderApp('/subscripcion/paquete');

    expect(
      await screen.findByRole('heading', { name: 'Completa tu suscripción', level: 1 }),
    ).toBeVisible();
    await screen.findByRole('radio', { name: 'PAES Mensual' });
    expect(steps()).toEqual([
      { text: '✓Registro(completado)', isCurrent: false },
      { text: '✓E-mail(completado)', isCurrent: false },
      { text: '3Paquete', isCurrent: true },
      { text: '4Materias', isCurrent: false },
      { text: '5Dirección', isCurrent: false },
      { text: '6Resumen', isCurrent: false },
      { text: '7Tarjeta', isCurrent: false },
    ]);
    expect(screen.getByRole('radio', { name: 'PAES Mensual' })).toHaveAccessibleDescription(
      /\$9\.990 IVA incluido.*30 días de acceso.*7 días de prueba gratis/,
    );
    expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    const dialog = await findDialog('Elige un paquete');
    expect(dialog).toHaveTextContent('Debes elegir un paquete para continuar.');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await user.click(screen.getByRole('radio', { name: 'PAES Dúo' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(
      await screen.findByRole('group', { name: 'Elige 2 materias de PAES Dúo' }),
    ).toBeVisible();
  });

  it('needs exactly the package quantity of subjects', async () => {
    studentApi(geography);
    const { user } = renderApp('/subscripcion/paquete?package=5');

    const group = await screen.findByRole('group', { name: 'Elige 2 materias de PAES Dúo' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.getByText('0 de 2 elegidas')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Ciencias' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Elige exactamente 2 materias para continuar.',
    );

    // Two chosen: the package is full, the other boxes wait, and the reason is said (
    // "3 de 2 elegidas" was allowed and refused only at Siguiente).
    await user.click(screen.getByRole('checkbox', { name: 'Competencia Lectora' }));
    expect(screen.getByText('2 de 2 elegidas')).toBeVisible();
    const history = screen.getByRole('checkbox', { name: 'Historia y Ciencias Sociales' });
    expect(history).toBeDisabled();
    expect(history).toHaveAccessibleDescription(
      'PAES Dúo incluye 2 materias. Para elegir otra, primero quita una de las marcadas.',
    );
    expect(screen.getByRole('checkbox', { name: 'Ciencias' })).toBeEnabled();

    // Unticking one frees the others.
    await user.click(screen.getByRole('checkbox', { name: 'Ciencias' }));
    expect(history).toBeEnabled();
    await user.click(history);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByRole('group', { name: 'Tu dirección' })).toBeVisible();
    expect(steps().find((step) => step.isCurrent)?.text).toBe('5Dirección');
  });

  it('skips the package chosen at /registro, chooses every subject itself, saves the address and subscribes', async () => {
    localStorage.setItem('package', '1');
    const created = subscription();
    const { requests } = studentApi({
      ...geography,
      'POST /api/addresses/9': (request) => ({
        status: 200,
        body: { data: { ...subscriptionAddress(), ...(request.body as object) } },
      }),
      'POST /api/user-subscriptions': () => ({ status: 201, body: { data: created } }),
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: created } }),
    });
    const { user } = renderApp('/subscripcion/paquete');

    const group = await screen.findByRole('group', { name: 'Elige 5 materias de PAES Mensual' });
    expect(steps().find((step) => step.isCurrent)?.text).toBe('4Materias');
    expect(
      screen.getByText('PAES Mensual incluye todas las materias de la prueba: ya están elegidas.'),
    ).toBeVisible();
    for (const box of within(group).getAllByRole('checkbox')) {
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    // The student's address, prefilled.
    expect(await screen.findByLabelText('Calle y número')).toHaveValue('Calle Prat 310');
    expect(screen.getByLabelText('Código postal')).toHaveValue('1240000');
    // Its commune too, in the account's native selects once their lists have loaded.
    expect(screen.getByRole('combobox', { name: 'Región' })).toHaveValue('2');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Comuna' })).toHaveDisplayValue('Antofagasta'),
    );
    expect(screen.getByRole('combobox', { name: 'Provincia' })).toHaveDisplayValue('Antofagasta');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(await screen.findByRole('region', { name: 'Tus datos' })).toBeVisible();
    expect(steps().find((step) => step.isCurrent)?.text).toBe('6Resumen');
    expect(posted(requests, '/api/addresses/9')[0]?.body).toEqual({
      address_line_1: 'Calle Prat 310',
      address_line_2: null,
      zip_code: '1240000',
      town_id: 2101,
    });
    expect(posted(requests, '/api/user-subscriptions')[0]?.body).toEqual({
      package_id: 1,
      subject_ids: paesSubjects.map((subject) => subject.id),
      user_id: 1,
    });
    expect(localStorage.getItem('package')).toBeNull();
  });

  it("shows the server's answer to the subscription on the step that sent it", async () => {
    studentApi({
      ...geography,
      'POST /api/addresses/9': () => ({ status: 200, body: { data: subscriptionAddress() } }),
      'POST /api/user-subscriptions': () => ({
        status: 422,
        body: {
          message: 'Por favor completa los campos requeridos.',
          errors: { package_id: ['Este paquete no existe o no está a la venta.'] },
        },
      }),
    });
    const { user } = renderApp('/subscripcion/paquete?package=1');

    await screen.findByRole('group', { name: 'Elige 5 materias de PAES Mensual' });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByLabelText('Calle y número');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este paquete no existe o no está a la venta.',
    );
  });
});

describe('an unfinished sign-up (only a Created subscription)', () => {
  it('reads as a first subscription: its package chosen, no "change" words, finished in place', async () => {
    const unfinished = subscription({
      id: 40,
      status: 'Created',
      package_id: 5,
      package: { ...subscription().package, id: 5, name: 'PAES Dúo', subjects_quantity: 2 },
      subject_ids: [11, 14],
      subjects: [
        { id: 11, name: 'Competencia Lectora' },
        { id: 14, name: 'Ciencias' },
      ],
      all_subjects: false,
    });
    const { requests } = studentApi(
      {
        ...geography,
        'POST /api/addresses/9': () => ({ status: 200, body: { data: subscriptionAddress() } }),
        'POST /api/user-subscriptions/40/change-package': () => ({
          status: 200,
          body: { data: unfinished },
        }),
        'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: unfinished } }),
      },
      { subscriptions: [unfinished] },
    );
    const { user } = renderApp('/subscripcion/paquete');

    expect(
      await screen.findByRole('heading', { name: 'Completa tu suscripción', level: 1 }),
    ).toBeVisible();
    expect(screen.queryByText(/Cambia tu paquete|Tu suscripción actual se mantiene/)).toBeNull();
    // Its package is chosen and its subjects ticked: the wizard starts at the subjects.
    await screen.findByRole('group', { name: 'Elige 2 materias de PAES Dúo' });
    expect(screen.getByRole('checkbox', { name: 'Competencia Lectora' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ciencias' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));

    const service = await screen.findByRole('region', { name: 'Servicio' });
    expect(within(service).getByText('PAES Dúo')).toBeVisible();
    // No internal status on a first subscription's summary.
    expect(within(service).queryByText('Estado')).toBeNull();
    expect(screen.queryByText('Creada')).toBeNull();
    expect(posted(requests, '/api/user-subscriptions')).toHaveLength(0);
    expect(posted(requests, '/api/user-subscriptions/40/change-package')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await user.click(await screen.findByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('radio', { name: 'PAES Dúo' })).toBeChecked();
    expect(screen.queryByText('Tu paquete actual')).toBeNull();
  });
});

describe('change-package wizard (/subscripcion/paquete, with subscriptions)', () => {
  it('has four steps, marks the current package and goes back to the dashboard', async () => {
    studentApi({}, { subscriptions: [subscription({ status: 'Active', has_access: true })] });
    const { user, pathname } = renderApp('/subscripcion/paquete');

    expect(
      await screen.findByRole('heading', { name: 'Cambia tu paquete', level: 1 }),
    ).toBeVisible();
    await screen.findByRole('radio', { name: 'PAES Mensual' });
    expect(steps().map((step) => step.text)).toEqual([
      '1Paquete',
      '2Materias',
      '3Resumen',
      '4Tarjeta',
    ]);
    expect(screen.getByText('Tu paquete actual')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('changes the subscription of that test with the chosen package and subjects', async () => {
    const current = subscription({ id: 40, status: 'Active', has_access: true });
    const changed = subscription({
      id: 41,
      package_id: 5,
      package: { ...subscription().package, id: 5, name: 'PAES Dúo', subjects_quantity: 2 },
      subject_ids: [11, 14],
      subjects: [
        { id: 11, name: 'Competencia Lectora' },
        { id: 14, name: 'Ciencias' },
      ],
      all_subjects: false,
    });
    const { requests } = studentApi(
      {
        'POST /api/user-subscriptions/40/change-package': () => ({
          status: 200,
          body: { data: changed },
        }),
        'GET /api/user-subscriptions/41': () => ({ status: 200, body: { data: changed } }),
      },
      { subscriptions: [current] },
    );
    const { user } = renderApp(`/subscripcion/paquete?package=${packages[1]!.id}`);

    await screen.findByRole('group', { name: 'Elige 2 materias de PAES Dúo' });
    await user.click(screen.getByRole('checkbox', { name: 'Competencia Lectora' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ciencias' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    const service = await screen.findByRole('region', { name: 'Servicio' });
    expect(within(service).getByText('PAES Dúo')).toBeVisible();
    expect(within(service).getByText('Competencia Lectora, Ciencias')).toBeVisible();
    expect(steps().find((step) => step.isCurrent)?.text).toBe('3Resumen');
    expect(posted(requests, '/api/user-subscriptions/40/change-package')[0]?.body).toEqual({
      package_id: 5,
      subject_ids: [11, 14],
    });
    expect(posted(requests, '/api/user-subscriptions')).toHaveLength(0);
  });
});

function subscriptionAddress() {
  return {
    id: 9,
    address_line_1: 'Calle Prat 310',
    address_line_2: null,
    zip_code: '1240000',
    town_id: 2101,
    town: { id: 2101, name: 'Antofagasta' },
    city: { id: 21, name: 'Antofagasta' },
    state: { id: 2, name: 'Región de Antofagasta' },
  };
}
