import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pageReload } from '../../lib/page-reload.ts';
import type { ProfileAddress, SessionUser } from '../../lib/session.ts';
import { findDialog, isDialogOpen } from '../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const savedAddress: ProfileAddress = {
  id: 5,
  address_line_1: 'Av. Providencia 1208',
  address_line_2: 'Oficina 207',
  zip_code: '7500000',
  town_id: 13101,
  town: { id: 13101, name: 'Santiago' },
  city: { id: 131, name: 'Provincia de Santiago' },
  state: { id: 13, name: 'Región Metropolitana' },
};

const geography = {
  'GET /api/states': () => ({
    status: 200,
    body: {
      data: [
        { id: 13, name: 'Región Metropolitana', code: '13', vat_percentage: 19, country_id: 152 },
        { id: 5, name: 'Región de Valparaíso', code: '05', vat_percentage: 19, country_id: 152 },
      ],
    },
  }),
  'GET /api/states/13/cities': () => ({
    status: 200,
    body: {
      data: [
        { id: 131, name: 'Provincia de Santiago', code: '131', state_id: 13 },
        { id: 132, name: 'Cordillera', code: '132', state_id: 13 },
      ],
    },
  }),
  'GET /api/states/5/cities': () => ({
    status: 200,
    body: { data: [{ id: 51, name: 'Provincia de Valparaíso', code: '051', state_id: 5 }] },
  }),
  'GET /api/cities/131/towns': () => ({
    status: 200,
    body: {
      data: [
        { id: 13101, name: 'Santiago', code: '13101', city_id: 131 },
        { id: 13114, name: 'Las Condes', code: '13114', city_id: 131 },
      ],
    },
  }),
  'GET /api/cities/132/towns': () => ({
    status: 200,
    body: { data: [{ id: 13201, name: 'Puente Alto', code: '13201', city_id: 132 }] },
  }),
  'GET /api/cities/51/towns': () => ({
    status: 200,
    body: { data: [{ id: 5109, name: 'Viña del Mar', code: '05109', city_id: 51 }] },
  }),
};

// The page and Ant Design's scope are loaded lazily: the first test would otherwise pay for
// transforming and loading them within its own time, which a busy CI machine did not give it.
beforeAll(async () => {
  await Promise.all([import('./account-page.tsx'), import('../antd-scope.tsx')]);
}, 60_000);

type Handlers = Parameters<typeof installFakeApi>[0];

/** A logged-in student whose profile the handlers can change, as the server would. */
function accountApi(options: { address?: ProfileAddress | null; handlers?: Handlers } = {}) {
  const state: { profile: SessionUser } = {
    profile: { ...demoUser, country_id: 152, address: options.address ?? null },
  };
  const api = installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: state.profile } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    ...geography,
    ...options.handlers,
  });
  return { ...api, state };
}

async function openAccount() {
  const view = renderApp('/cuenta/editar');
  await screen.findByRole('heading', { name: 'Mi cuenta' });
  return view;
}

const section = (name: string) => screen.getByRole('region', { name });
const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

/** Picks an option of a native select by its text, once the select's list has loaded it. */
async function choose(user: UserEvent, label: string, option: string) {
  const select = screen.getByRole('combobox', { name: label });
  await within(select).findByRole('option', { name: option });
  await user.selectOptions(select, option);
}

/** The text a select shows: its chosen option's, or its placeholder's. */
function shownIn(label: string): string {
  const select = screen.getByRole<HTMLSelectElement>('combobox', { name: label });
  return select.selectedOptions[0]?.textContent ?? '';
}

describe('account page: personal data', () => {
  it('toggles between the read-only view and the form; Cancel sends nothing', async () => {
    const { requests } = accountApi();
    const { user } = await openAccount();
    const personal = section('Datos personales');
    expect(within(personal).getByText('12.345.678-5')).toBeInTheDocument();
    expect(within(personal).getByText('+56 9 1234 5678')).toBeInTheDocument();
    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    expect(within(personal).getByLabelText('Nombre')).toHaveValue('Camila');
    expect(within(personal).getByLabelText('Rut o DNI')).toBeDisabled();
    expect(within(personal).getByLabelText('Teléfono móvil')).toHaveValue('+56 9 1234 5678');
    await user.clear(within(personal).getByLabelText('Nombre'));
    await user.click(within(personal).getByRole('button', { name: 'Cancelar' }));

    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(personal).getByText('Camila')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('saves: closes the section, shows the message and reads the profile again', async () => {
    const { requests, state } = accountApi({
      handlers: {
        'PATCH /api/me': (request) => {
          state.profile = { ...state.profile, ...(request.body as Partial<SessionUser>) };
          return { status: 200, body: { data: state.profile, message: 'Perfil actualizado.' } };
        },
      },
    });
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    await user.clear(within(personal).getByLabelText('Nombre'));
    await user.type(within(personal).getByLabelText('Nombre'), 'Camila Andrea');
    await user.clear(within(personal).getByLabelText('Teléfono móvil'));
    // The registration's mask: the student types the mobile's digits and sees +56 9 8765 4321.
    await user.type(within(personal).getByLabelText('Teléfono móvil'), '987654321');
    expect(within(personal).getByLabelText('Teléfono móvil')).toHaveValue('+56 9 8765 4321');
    const mePreviously = sent(requests, 'GET', '/api/me').length;
    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    expect(await within(personal).findByRole('status')).toHaveTextContent('Perfil actualizado.');
    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();
    expect(await within(personal).findByText('Camila Andrea')).toBeInTheDocument();
    expect(sent(requests, 'PATCH', '/api/me')[0]?.body).toEqual({
      name: 'Camila Andrea',
      last_name: 'Rojas',
      email: 'estudiante@ensaya.cl',
      phone: '56987654321',
    });
    expect(sent(requests, 'GET', '/api/me').length).toBeGreaterThan(mePreviously);
  });

  it('checks the fields before sending', async () => {
    const { requests } = accountApi();
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    await user.clear(within(personal).getByLabelText('Apellido'));
    await user.clear(within(personal).getByLabelText('Correo electrónico'));
    await user.type(within(personal).getByLabelText('Correo electrónico'), 'camila@');
    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    expect(within(personal).getByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    expect(within(personal).getByLabelText('Apellido')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(within(personal).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      '¡Formato inválido!',
    );
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('422: keeps the section open with the required-fields message and the field errors', async () => {
    accountApi({
      handlers: {
        'PATCH /api/me': () => ({
          status: 422,
          body: {
            message: 'Por favor completa los campos requeridos.',
            errors: { email: ['Este correo ya está registrado.'] },
          },
        }),
      },
    });
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    expect(await within(personal).findByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    expect(within(personal).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      'Este correo ya está registrado.',
    );
    expect(within(personal).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('500: says the message and closes the section', async () => {
    accountApi({
      handlers: {
        'PATCH /api/me': () => ({
          status: 500,
          body: { message: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.' },
        }),
      },
    });
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    const dialog = await findDialog('Error');
    expect(dialog).toHaveTextContent('Por favor completa los campos requeridos.');
    expect(within(personal).queryByRole('textbox')).not.toBeInTheDocument();
    expect(
      within(personal).getByRole('button', { name: 'Editar Datos personales' }),
    ).toBeInTheDocument();
  });

  it('401: the error dialog, then the login', async () => {
    accountApi({
      handlers: {
        'PATCH /api/me': () => ({ status: 401, body: { message: 'No autenticado.' } }),
      },
    });
    const { user, pathname } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));

    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    expect(await findDialog('Error')).toHaveTextContent('No autenticado.');
    // The client goes to /login; the route guard, seeing no session, settles on / (the login too).
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(['/', '/login']).toContain(pathname());
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });
});

describe('account page: changing the e-mail address', () => {
  it('asks for the current password only when the e-mail changes, and sends it', async () => {
    const { requests, state } = accountApi({
      handlers: {
        'PATCH /api/me': (request) => {
          const body = request.body as { email: string };
          state.profile = { ...state.profile, pending_email: body.email };
          return {
            status: 200,
            body: {
              data: state.profile,
              message: `Tus datos han sido guardados. Te enviamos un enlace a ${body.email} para confirmarla.`,
            },
          };
        },
      },
    });
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));
    expect(within(personal).queryByLabelText('Contraseña actual')).not.toBeInTheDocument();

    await user.clear(within(personal).getByLabelText('Correo electrónico'));
    await user.type(within(personal).getByLabelText('Correo electrónico'), 'nueva@ensaya.cl');
    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));
    expect(within(personal).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
      'Ingresa tu contraseña actual para cambiar tu correo electrónico.',
    );
    expect(sent(requests, 'PATCH', '/api/me')).toHaveLength(0);

    await user.type(within(personal).getByLabelText('Contraseña actual'), 'Ensaya2026!');
    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    expect(
      await within(personal).findByText(
        'Te enviamos un enlace a nueva@ensaya.cl para confirmarla. Mientras no lo abras, sigues iniciando sesión con estudiante@ensaya.cl.',
      ),
    ).toBeInTheDocument();
    expect(sent(requests, 'PATCH', '/api/me')[0]?.body).toEqual({
      name: 'Camila',
      last_name: 'Rojas',
      email: 'nueva@ensaya.cl',
      phone: '56912345678',
      current_password: 'Ensaya2026!',
    });
    // The account's address stays until the link is opened.
    // The address is shown whole, breakable only before its @ (the Identity component).
    expect(within(personal).getByTitle('estudiante@ensaya.cl')).toHaveTextContent(
      'estudiante@ensaya.cl',
    );
  });

  it('shows a wrong current password at its field and keeps the form open (422)', async () => {
    accountApi({
      handlers: {
        'PATCH /api/me': () => ({
          status: 422,
          body: {
            message: 'La contraseña actual no es correcta.',
            errors: { current_password: ['La contraseña actual no es correcta.'] },
          },
        }),
      },
    });
    const { user } = await openAccount();
    const personal = section('Datos personales');
    await user.click(within(personal).getByRole('button', { name: 'Editar Datos personales' }));
    await user.clear(within(personal).getByLabelText('Correo electrónico'));
    await user.type(within(personal).getByLabelText('Correo electrónico'), 'nueva@ensaya.cl');
    await user.type(within(personal).getByLabelText('Contraseña actual'), 'Equivocada1!');
    await user.click(within(personal).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(within(personal).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
        'La contraseña actual no es correcta.',
      ),
    );
    expect(within(personal).getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('shows the pending address with buttons to resend the link and to cancel the change', async () => {
    const { requests, state } = accountApi({
      handlers: {
        'POST /api/me/email-change/resend': () => ({
          status: 200,
          body: { message: 'Te enviamos otro enlace a nueva@ensaya.cl.' },
        }),
        'DELETE /api/me/email-change': () => {
          state.profile = { ...state.profile, pending_email: null };
          return {
            status: 200,
            body: { data: state.profile, message: 'Cancelamos el cambio de correo electrónico.' },
          };
        },
      },
    });
    state.profile = { ...state.profile, pending_email: 'nueva@ensaya.cl' };
    const { user } = await openAccount();
    const personal = section('Datos personales');
    expect(
      within(personal).getByText(
        'Te enviamos un enlace a nueva@ensaya.cl para confirmarla. Mientras no lo abras, sigues iniciando sesión con estudiante@ensaya.cl.',
      ),
    ).toBeInTheDocument();

    await user.click(within(personal).getByRole('button', { name: 'Reenviar el enlace' }));
    expect(
      await within(personal).findByText('Te enviamos otro enlace a nueva@ensaya.cl.'),
    ).toBeInTheDocument();
    expect(
      sent(requests, 'POST', '/api/me/email-change/resend')[0]?.headers.get('X-XSRF-TOKEN'),
    ).toBe('token-1');

    await user.click(within(personal).getByRole('button', { name: 'Cancelar el cambio' }));
    expect(
      await within(personal).findByText('Cancelamos el cambio de correo electrónico.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(personal).queryByText(/Te enviamos un enlace a/)).not.toBeInTheDocument(),
    );
    expect(sent(requests, 'DELETE', '/api/me/email-change')).toHaveLength(1);
  });
});

describe('account page: password', () => {
  async function fillPassword(user: UserEvent) {
    const password = section('Contraseña');
    await user.click(within(password).getByRole('button', { name: 'Editar Contraseña' }));
    await user.type(within(password).getByLabelText('Contraseña actual'), 'Ensaya2026!');
    await user.type(within(password).getByLabelText('Contraseña nueva'), 'Nueva2026#');
    await user.type(within(password).getByLabelText('Confirma la contraseña nueva'), 'Nueva2026#');
    await user.click(within(password).getByRole('button', { name: 'Guardar' }));
    return password;
  }

  it('changes the password and closes the section with the server message', async () => {
    const { requests } = accountApi({
      handlers: {
        'POST /api/change-password': () => ({
          status: 200,
          body: { message: 'Contraseña actualizada.' },
        }),
      },
    });
    const { user } = await openAccount();

    const password = await fillPassword(user);

    expect(await within(password).findByRole('status')).toHaveTextContent(
      'Contraseña actualizada.',
    );
    expect(within(password).queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/change-password')[0]?.body).toEqual({
      old_password: 'Ensaya2026!',
      new_password: 'Nueva2026#',
      new_password_confirmation: 'Nueva2026#',
    });
  });

  it('400 (wrong current password): the server message, and the section closes', async () => {
    accountApi({
      handlers: {
        'POST /api/change-password': () => ({
          status: 400,
          body: { message: 'La contraseña actual no es correcta.' },
        }),
      },
    });
    const { user } = await openAccount();

    const password = await fillPassword(user);

    expect(await findDialog('Error')).toHaveTextContent('La contraseña actual no es correcta.');
    expect(within(password).queryByLabelText('Contraseña actual')).not.toBeInTheDocument();
  });

  it('asks for all three with the password rules', async () => {
    const { requests } = accountApi();
    const { user } = await openAccount();
    const password = section('Contraseña');
    await user.click(within(password).getByRole('button', { name: 'Editar Contraseña' }));

    await user.type(within(password).getByLabelText('Contraseña nueva'), 'debil');
    await user.click(within(password).getByRole('button', { name: 'Guardar' }));

    expect(within(password).getByLabelText('Contraseña actual')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(within(password).getByLabelText('Contraseña nueva')).toHaveAccessibleDescription(
      /al menos 8 caracteres/,
    );
    expect(
      within(password).getByLabelText('Confirma la contraseña nueva'),
    ).toHaveAccessibleDescription('Este campo es obligatorio.');
    expect(requests.some((r) => r.path === '/api/change-password')).toBe(false);
  });
});

describe('account page: address and location', () => {
  it('a student without an address creates one with its commune; location waits for it', async () => {
    const { requests, state } = accountApi({
      address: null,
      handlers: {
        'POST /api/addresses': () => {
          state.profile = { ...state.profile, address: savedAddress };
          return { status: 201, body: { data: savedAddress } };
        },
      },
    });
    const { user } = await openAccount();
    const location = section('Ubicación');
    expect(within(location).getByText(/Primero completa la sección Dirección/)).toBeInTheDocument();
    expect(within(location).getByRole('button', { name: 'Editar Ubicación' })).toBeDisabled();

    const address = section('Dirección');
    await user.click(within(address).getByRole('button', { name: 'Editar Dirección' }));
    await user.type(within(address).getByLabelText('Calle y número'), 'Av. Providencia 1208');
    await user.type(within(address).getByLabelText('Código postal'), '75a00000');
    expect(within(address).getByLabelText('Código postal')).toHaveValue('7500000');
    await user.click(within(address).getByRole('button', { name: 'Guardar' }));
    expect(within(address).getByLabelText('Comuna')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(within(address).getByLabelText('Comuna')).toBeInvalid();
    expect(sent(requests, 'POST', '/api/addresses')).toHaveLength(0);
    // Province and commune wait for the choice above them.
    expect(shownIn('Región')).toBe('Elige una opción');
    expect(within(address).getByRole('combobox', { name: 'Provincia' })).toBeDisabled();
    expect(within(address).getByRole('combobox', { name: 'Comuna' })).toBeDisabled();

    await choose(user, 'Región', 'Región Metropolitana');
    expect(within(address).getByRole('combobox', { name: 'Provincia' })).toBeEnabled();
    expect(within(address).getByRole('combobox', { name: 'Comuna' })).toBeDisabled();
    await choose(user, 'Provincia', 'Provincia de Santiago');
    await choose(user, 'Comuna', 'Santiago');
    await user.click(within(address).getByRole('button', { name: 'Guardar' }));

    expect(await within(address).findByText('Cambios guardados.')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/addresses')[0]?.body).toEqual({
      address_line_1: 'Av. Providencia 1208',
      address_line_2: null,
      zip_code: '7500000',
      town_id: 13101,
    });
    expect(await within(location).findByText('Región Metropolitana')).toBeInTheDocument();
    expect(within(location).getByRole('button', { name: 'Editar Ubicación' })).toBeEnabled();
  });

  it('updates an existing address with its id', async () => {
    const { requests } = accountApi({
      address: savedAddress,
      handlers: {
        'POST /api/addresses/5': () => ({ status: 200, body: { data: savedAddress } }),
      },
    });
    const { user } = await openAccount();
    const address = section('Dirección');
    expect(within(address).getByText('Oficina 207')).toBeInTheDocument();

    await user.click(within(address).getByRole('button', { name: 'Editar Dirección' }));
    expect(within(address).queryByRole('combobox')).not.toBeInTheDocument();
    await user.clear(within(address).getByLabelText('Depto., oficina u otro (opcional)'));
    await user.type(within(address).getByLabelText('Depto., oficina u otro (opcional)'), 'Piso 3');
    await user.click(within(address).getByRole('button', { name: 'Guardar' }));

    expect(await within(address).findByRole('status')).toHaveTextContent('Cambios guardados.');
    expect(sent(requests, 'POST', '/api/addresses/5')[0]?.body).toEqual({
      address_line_1: 'Av. Providencia 1208',
      address_line_2: 'Piso 3',
      zip_code: '7500000',
      town_id: 13101,
    });
  });

  it('cascades: a new region clears province and commune; saving sends the town only', async () => {
    const { requests } = accountApi({
      address: savedAddress,
      handlers: {
        'POST /api/addresses/5': () => ({ status: 200, body: { data: savedAddress } }),
      },
    });
    const { user } = await openAccount();
    const location = section('Ubicación');
    expect(within(location).getByText('Provincia de Santiago')).toBeInTheDocument();

    await user.click(within(location).getByRole('button', { name: 'Editar Ubicación' }));
    await waitFor(() => expect(shownIn('Comuna')).toBe('Santiago'));
    expect(shownIn('Región')).toBe('Región Metropolitana');
    expect(shownIn('Provincia')).toBe('Provincia de Santiago');

    await choose(user, 'Región', 'Región de Valparaíso');
    expect(shownIn('Provincia')).toBe('Elige una opción');
    expect(shownIn('Comuna')).toBe('Elige una opción');
    expect(screen.getByRole('combobox', { name: 'Comuna' })).toBeDisabled();

    await user.click(within(location).getByRole('button', { name: 'Guardar' }));
    expect(within(location).getByLabelText('Provincia')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(sent(requests, 'POST', '/api/addresses/5')).toHaveLength(0);

    await choose(user, 'Provincia', 'Provincia de Valparaíso');
    await choose(user, 'Comuna', 'Viña del Mar');
    await user.click(within(location).getByRole('button', { name: 'Guardar' }));

    expect(await within(location).findByRole('status')).toHaveTextContent('Cambios guardados.');
    expect(sent(requests, 'POST', '/api/addresses/5')[0]?.body).toEqual({ town_id: 5109 });
  });

  it('422 on the address keeps it open with the message; 500 closes it', async () => {
    let answer = 422;
    accountApi({
      address: savedAddress,
      handlers: {
        'POST /api/addresses/5': () =>
          answer === 422
            ? {
                status: 422,
                body: {
                  message: 'Por favor completa los campos requeridos.',
                  errors: { zip_code: ['El código postal tiene 7 dígitos.'] },
                },
              }
            : { status: 500, body: { message: 'Algo salió mal de nuestro lado.' } },
      },
    });
    const { user } = await openAccount();
    const address = section('Dirección');
    await user.click(within(address).getByRole('button', { name: 'Editar Dirección' }));

    await user.click(within(address).getByRole('button', { name: 'Guardar' }));
    expect(await within(address).findByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    expect(within(address).getByLabelText('Código postal')).toHaveAccessibleDescription(
      /^El código postal tiene 7 dígitos\. /,
    );

    answer = 500;
    await user.click(within(address).getByRole('button', { name: 'Guardar' }));
    expect(await findDialog('Error')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    await waitFor(() =>
      expect(within(address).queryByLabelText('Código postal')).not.toBeInTheDocument(),
    );
  });
});

describe('account page: avatar', () => {
  const png = (bytes: number, name = 'foto.png', type = 'image/png') =>
    new File([new Uint8Array(bytes)], name, { type });

  async function openAvatarModal(user: UserEvent) {
    await user.click(screen.getByRole('button', { name: 'Cambiar foto' }));
    return findDialog('Cambiar foto de perfil');
  }

  it('shows the initials without a picture', async () => {
    accountApi();
    await openAccount();
    expect(within(section('Foto de perfil')).getByText('CR')).toBeInTheDocument();
  });

  it('shows the picture, and the initials when it cannot be loaded', async () => {
    const { state } = accountApi();
    state.profile = { ...state.profile, avatar: '/uploads/avatars/1-abc.jpg' };
    await openAccount();
    const avatar = section('Foto de perfil');
    const picture = within(avatar).getByRole('img', { name: 'Foto de perfil de Camila' });
    expect(picture).toHaveAttribute('src', '/uploads/avatars/1-abc.jpg');
    expect(within(avatar).queryByText('CR')).not.toBeInTheDocument();

    fireEvent.error(picture);

    expect(within(avatar).getByText('CR')).toBeInTheDocument();
    expect(within(avatar).queryByRole('img')).not.toBeInTheDocument();
  });

  it('saving without a file is an error', async () => {
    const { requests } = accountApi();
    const { user } = await openAccount();
    const modal = await openAvatarModal(user);

    await user.click(within(modal).getByRole('button', { name: 'Guardar' }));

    expect(await findDialog('Error')).toHaveTextContent('Elige una imagen para subir.');
    expect(requests.some((r) => r.path === '/api/profile-upload')).toBe(false);
  });

  it('refuses a file over 2 MB or of another type before uploading', async () => {
    const { requests } = accountApi();
    const { user } = await openAccount();
    const modal = await openAvatarModal(user);

    await user.upload(within(modal).getByLabelText('Elige una imagen'), png(2 * 1024 * 1024 + 1));
    expect(await findDialog('Error')).toHaveTextContent('La imagen no debe pesar más de 2 MB.');
    await user.click(within(await findDialog('Error')).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(isDialogOpen('Error')).toBe(false));

    const gif = new File([new Uint8Array(10)], 'foto.gif', { type: 'image/gif' });
    fireEvent.change(within(modal).getByLabelText('Elige una imagen'), {
      target: { files: [gif] },
    });
    expect(await findDialog('Error')).toHaveTextContent(
      'El archivo debe ser una imagen JPG o PNG.',
    );
    expect(
      within(modal).queryByRole('img', { name: 'Vista previa de la foto nueva' }),
    ).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/profile-upload')).toBe(false);
  });

  it('uploads the file, shows the message, stores the avatar and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { requests } = accountApi({
      handlers: {
        'POST /api/profile-upload': () => ({
          status: 200,
          body: { data: '/uploads/avatars/1-abc.jpg', message: 'Foto de perfil actualizada.' },
        }),
      },
    });
    const { user } = await openAccount();
    const modal = await openAvatarModal(user);
    const file = png(2048);

    await user.upload(within(modal).getByLabelText('Elige una imagen'), file);
    expect(
      await within(modal).findByRole('img', { name: 'Vista previa de la foto nueva' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    await user.click(within(modal).getByRole('button', { name: 'Guardar' }));

    const info = await findDialog('Foto actualizada');
    expect(info).toHaveTextContent('Foto de perfil actualizada.');
    const upload = sent(requests, 'POST', '/api/profile-upload')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData).get('file')).toBe(file);
    expect(upload?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(reload).not.toHaveBeenCalled();

    await user.click(within(info).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('avatar')).toBe('/uploads/avatars/1-abc.jpg');
  });

  it("shows the server's errors when the upload is refused", async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    accountApi({
      handlers: {
        'POST /api/profile-upload': () => ({
          status: 422,
          body: {
            message: 'Por favor completa los campos requeridos.',
            errors: { file: ['El archivo no es una imagen válida.'] },
          },
        }),
      },
    });
    const { user } = await openAccount();
    const modal = await openAvatarModal(user);

    await user.upload(within(modal).getByLabelText('Elige una imagen'), png(100));
    await user.click(within(modal).getByRole('button', { name: 'Guardar' }));

    expect(await findDialog('Error')).toHaveTextContent('El archivo no es una imagen válida.');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('header avatar', () => {
  it("shows the profile's avatar image beside the name", async () => {
    installFakeApi({
      'GET /api/me': () => ({
        status: 200,
        body: { data: { ...demoUser, avatar: '/uploads/avatars/1-abc.jpg' } },
      }),
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hola, Camila' });

    const account = screen.getByRole('link', { name: /Camila/ });
    expect(account.querySelector('img')).toHaveAttribute('src', '/uploads/avatars/1-abc.jpg');
  });
});
