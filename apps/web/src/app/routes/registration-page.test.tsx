import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, meHandler } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const countries = {
  data: [
    { id: 152, name: 'Chile', iso_code: 'CL' },
    { id: 32, name: 'Argentina', iso_code: 'AR' },
    { id: 604, name: 'Perú', iso_code: 'PE' },
  ],
};

function setCsrfCookie() {
  document.cookie = 'XSRF-TOKEN=token-1; Path=/';
  return { status: 204 };
}

function visitorApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /api/me': meHandler(() => false),
    'GET /api/countries': () => ({ status: 200, body: countries }),
    'GET /api/csrf-cookie': setCsrfCookie,
    ...extra,
  });
}

/** Opens the terms; jsdom lays nothing out, so the text "fits" and counts as read at once. */
async function readTerms(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Leer los términos y condiciones' }));
  const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
  await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
}

async function fillValidForm(user: UserEvent) {
  await user.type(await screen.findByLabelText('Nombre'), 'María José');
  await user.type(screen.getByLabelText('Apellido'), 'Núñez');
  await user.type(screen.getByLabelText('Correo electrónico'), 'maria@example.cl');
  await user.type(screen.getByLabelText('Contraseña'), 'Ensaya2026!');
  await user.type(screen.getByLabelText('Confirma la contraseña'), 'Ensaya2026!');
  await user.type(screen.getByLabelText('Rut'), '123456785');
  await user.type(screen.getByLabelText('Teléfono móvil'), '912345678');
  await readTerms(user);
  await user.click(screen.getByRole('checkbox', { name: 'Acepto los términos y condiciones' }));
}

describe('registration form', () => {
  it('shows the stepper with the spec steps, the first one current', async () => {
    visitorApi();
    renderApp('/registro/3/es');

    const steps = await screen.findByRole('navigation', { name: 'Pasos del registro' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Registro',
      '2E-mail',
      '3Paquete',
      '4Materias',
      '5Dirección',
      '6Resumen',
      '7Tarjeta',
    ]);
    expect(items[0]).toHaveAttribute('aria-current', 'step');
  });

  it('formats the Rut and marks it valid or invalid as the student types', async () => {
    visitorApi();
    const { user } = renderApp('/registro/3/es');
    const rut = await screen.findByLabelText('Rut');

    await user.type(rut, '12345678');
    expect(rut).toHaveValue('1.234.567-8');
    expect(screen.getByText('Rut inválido')).toBeInTheDocument();
    expect(rut).toHaveAttribute('aria-invalid', 'true');

    await user.type(rut, '5');
    expect(rut).toHaveValue('12.345.678-5');
    expect(screen.getByText('Rut válido')).toBeInTheDocument();
    expect(screen.queryByText('Rut inválido')).not.toBeInTheDocument();
    expect(rut).not.toHaveAttribute('aria-invalid');

    await user.type(rut, '99');
    expect(rut).toHaveValue('12.345.678-5'); // at most 12 characters
    await user.clear(rut);
    await user.type(rut, '12.345.678-k');
    expect(rut).toHaveValue('12.345.678-K');
    expect(screen.getByText('Rut inválido')).toBeInTheDocument();
  });

  it('masks the phone as +56 9 XXXX XXXX', async () => {
    visitorApi();
    const { user } = renderApp('/registro/3/es');
    const phone = await screen.findByLabelText('Teléfono móvil');

    await user.type(phone, '9876543210');

    expect(phone).toHaveValue('+56 9 8765 4321');
  });

  it('shows every problem at once in Spanish, and sends nothing', async () => {
    const { requests } = visitorApi();
    const { user } = renderApp('/registro/3/es');

    await user.type(await screen.findByLabelText('Nombre'), 'Camila2');
    await user.type(screen.getByLabelText('Correo electrónico'), 'camila@');
    await user.type(screen.getByLabelText('Contraseña'), 'corta');
    await user.type(screen.getByLabelText('Confirma la contraseña'), 'otra');
    await user.type(screen.getByLabelText('Rut'), '123456789');
    await user.type(screen.getByLabelText('Teléfono móvil'), '1234');
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    expect(screen.getByLabelText('Nombre')).toHaveAccessibleDescription('Usa solo letras.');
    expect(screen.getByLabelText('Apellido')).toHaveAccessibleDescription(
      'Este campo es obligatorio.',
    );
    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      '¡Formato inválido!',
    );
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'La contraseña necesita al menos 8 caracteres, una mayúscula, una minúscula, un dígito y uno de #?!@$%^&*-.',
    );
    expect(screen.getByLabelText('Confirma la contraseña')).toHaveAccessibleDescription(
      '¡Las contraseñas no coinciden!',
    );
    expect(screen.getByLabelText('Rut')).toHaveAccessibleDescription('Rut inválido');
    expect(screen.getByLabelText('Teléfono móvil')).toHaveAccessibleDescription(
      'Ingresa un teléfono válido (solo dígitos, máximo 11).',
    );
    expect(
      screen.getByText('Debes leer y aceptar los términos y condiciones.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/register')).toBe(false);
  });

  it('shows every problem at once in English', async () => {
    const { requests } = visitorApi();
    const { user } = renderApp('/registro/3/en');

    await user.type(await screen.findByLabelText('Confirm the password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fill in the required fields.',
    );
    for (const label of ['First name', 'Last name', 'Password', 'Rut', 'Mobile phone']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This field is required.');
    }
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Please enter your email!');
    expect(screen.getByLabelText('Confirm the password')).toHaveAccessibleDescription(
      'Passwords do not match!',
    );
    expect(
      screen.getByText('You must read and accept the terms and conditions.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/register')).toBe(false);
  });

  it('checks a field when the student leaves it, and clears the error once corrected', async () => {
    visitorApi();
    const { user } = renderApp('/registro/3/es');
    const email = await screen.findByLabelText('Correo electrónico');

    await user.type(email, 'maria@');
    await user.tab();
    expect(email).toHaveAccessibleDescription('¡Formato inválido!');

    await user.type(email, 'example.cl');
    expect(email).not.toHaveAccessibleDescription('¡Formato inválido!');
  });

  it('asks other countries for a DNI of digits', async () => {
    visitorApi();
    const { user } = renderApp('/registro/3/es');
    await user.type(await screen.findByLabelText('Rut'), '12345');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'País' }));
    await user.click(await screen.findByTitle('Argentina'));

    const dni = await screen.findByLabelText('DNI');
    expect(dni).toHaveValue('');
    await user.type(dni, '30.123-456a');
    expect(dni).toHaveValue('30123456');
    expect(screen.queryByText('Rut inválido')).not.toBeInTheDocument();
  });

  it('enables the terms checkbox only once the terms were scrolled to the end', async () => {
    // A long text in a short box: 2000 px of terms in a 500 px list.
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(2000);
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(500);
    visitorApi();
    const { user } = renderApp('/registro/3/es');
    const checkbox = await screen.findByRole('checkbox', {
      name: 'Acepto los términos y condiciones',
    });
    expect(checkbox).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Leer los términos y condiciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    const text = within(dialog).getByRole('list', { name: 'Términos y condiciones' });
    text.scrollTop = 700;
    fireEvent.scroll(text);
    expect(checkbox).toBeDisabled(); // halfway is not read

    text.scrollTop = 1500;
    fireEvent.scroll(text);
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);

    await waitFor(() => expect(checkbox).toBeEnabled());
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
  });

  it("shows the server's field errors of a 422 under the fields", async () => {
    visitorApi({
      'POST /api/register': () => ({
        status: 422,
        body: {
          message: 'Por favor completa los campos requeridos.',
          errors: {
            last_name: ['Usa solo letras.'],
            phone: ['Ingresa un teléfono válido (solo dígitos, máximo 11).'],
          },
        },
      }),
    });
    const { user } = renderApp('/registro/3/es');
    await fillValidForm(user);

    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    expect(screen.getByLabelText('Apellido')).toHaveAccessibleDescription('Usa solo letras.');
    expect(screen.getByLabelText('Teléfono móvil')).toHaveAccessibleDescription(
      'Ingresa un teléfono válido (solo dígitos, máximo 11).',
    );
    expect(screen.queryByText('Confirma tu correo')).not.toBeInTheDocument();
  });

  it('registers, moves to the e-mail step and resends the link', async () => {
    let resends = 0;
    const { requests } = visitorApi({
      'POST /api/register': () => ({
        status: 201,
        body: {
          data: { id: 7, email: 'maria@example.cl', resend_token: '1767225600.abc123' },
          message: 'Registrada.',
        },
      }),
      'GET /api/me/7/resend-verification': () =>
        ++resends === 1
          ? { status: 200, body: { message: 'Te enviamos el enlace otra vez.' } }
          : { status: 429, body: { message: 'Too Many Requests' } },
    });
    const { user } = renderApp('/registro/3/es');
    await fillValidForm(user);

    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));

    expect(await screen.findByRole('heading', { name: 'Confirma tu correo' })).toBeInTheDocument();
    expect(screen.getByText(/Te enviamos un mensaje a/)).toHaveTextContent(
      'Te enviamos un mensaje a maria@example.cl.',
    );
    const steps = screen.getByRole('navigation', { name: 'Pasos del registro' });
    expect(within(steps).getByText('E-mail').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
    const register = requests.find((r) => r.method === 'POST' && r.path === '/api/register');
    expect(register?.body).toEqual({
      name: 'María José',
      last_name: 'Núñez',
      email: 'maria@example.cl',
      password: 'Ensaya2026!',
      password_confirmation: 'Ensaya2026!',
      phone: '56912345678',
      country_id: 152,
      tax_id: '12.345.678-5',
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: 'es',
      terms_and_conditions: '1',
      // The package chosen on /paquetes travels with the registration, so the sign-up after
      // verification starts with it.
      package_id: 3,
    });
    expect(register?.headers.get('X-XSRF-TOKEN')).toBe('token-1');

    await user.click(screen.getByRole('button', { name: 'Reenviar el correo' }));
    expect(await screen.findByText('Te enviamos el enlace otra vez.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reenviar el correo' }));
    expect(await screen.findByText('Demasiados intentos.')).toBeInTheDocument();
    // Each resend carries the token the registration answered.
    expect(
      requests
        .filter((r) => r.path === '/api/me/7/resend-verification')
        .map((r) => `${r.method} ${r.search}`),
    ).toEqual(['GET ?token=1767225600.abc123', 'GET ?token=1767225600.abc123']);
  });
});
