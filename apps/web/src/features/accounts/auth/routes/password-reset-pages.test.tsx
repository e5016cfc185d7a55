import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, meHandler } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function setCsrfCookie() {
  document.cookie = 'XSRF-TOKEN=token-1; Path=/';
  return { status: 204 };
}

describe('forgot-password page', () => {
  it('sends the trimmed e-mail and shows the status text returned', async () => {
    const { requests } = installFakeApi({
      'GET /api/csrf-cookie': setCsrfCookie,
      'POST /api/forgot-password': () => ({
        status: 200,
        body: { status: 'Si el correo está registrado, te enviamos un enlace.' },
      }),
    });
    const { user } = renderApp('/olvido');

    expect(await screen.findByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('Correo electrónico'), ' maria@example.cl ');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Si el correo está registrado, te enviamos un enlace.',
    );
    const sent = requests.find((r) => r.path === '/api/forgot-password');
    expect(sent?.body).toEqual({ email: 'maria@example.cl' });
  });

  it('checks the e-mail before sending', async () => {
    const { requests } = installFakeApi({});
    const { user } = renderApp('/olvido');

    await user.click(await screen.findByRole('button', { name: 'Enviar' }));

    expect(screen.getByLabelText('Correo electrónico')).toHaveAccessibleDescription(
      'Ingresa tu correo electrónico.',
    );
    expect(requests.some((r) => r.path === '/api/forgot-password')).toBe(false);
  });

  it("shows the server's message in an error dialog when sending fails", async () => {
    installFakeApi({
      'GET /api/csrf-cookie': setCsrfCookie,
      'POST /api/forgot-password': () => ({
        status: 500,
        body: { message: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.' },
      }),
    });
    const { user } = renderApp('/olvido');

    await user.type(await screen.findByLabelText('Correo electrónico'), 'maria@example.cl');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Algo salió mal de nuestro lado. Inténtalo de nuevo.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('reset-password page', () => {
  const page = '/resetpassword?token=tok-123&email=maria%40example.cl';

  it('prefills the e-mail, resets, shows the server message and then the login', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': setCsrfCookie,
      'POST /api/reset-password': () => ({
        status: 200,
        body: { message: 'Tu contraseña fue restablecida.' },
      }),
    });
    const { user, pathname } = renderApp(page);

    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('maria@example.cl');
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('Contraseña nueva'), 'Nueva2026#');
    await user.type(screen.getByLabelText('Confirma la contraseña'), 'Nueva2026#');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    const dialog = await screen.findByRole('dialog', { name: 'Contraseña restablecida' });
    expect(dialog).toHaveTextContent('Tu contraseña fue restablecida.');
    expect(requests.find((r) => r.path === '/api/reset-password')?.body).toEqual({
      token: 'tok-123',
      email: 'maria@example.cl',
      password: 'Nueva2026#',
      password_confirmation: 'Nueva2026#',
    });
    expect(pathname()).toBe('/resetpassword');

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('checks the new password and its confirmation with the spec rules', async () => {
    const { requests } = installFakeApi({});
    const { user } = renderApp(page);

    await user.type(await screen.findByLabelText('Contraseña nueva'), 'sin mayuscula1!');
    await user.type(screen.getByLabelText('Confirma la contraseña'), 'otra');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    expect(screen.getByLabelText('Contraseña nueva')).toHaveAccessibleDescription(
      'La contraseña no puede contener espacios.',
    );
    expect(screen.getByLabelText('Confirma la contraseña')).toHaveAccessibleDescription(
      '¡Las contraseñas no coinciden!',
    );
    expect(requests.some((r) => r.path === '/api/reset-password')).toBe(false);
  });

  it('shows a refused token in an error dialog and stays on the page', async () => {
    installFakeApi({
      'GET /api/csrf-cookie': setCsrfCookie,
      'POST /api/reset-password': () => ({
        status: 422,
        body: {
          message: 'Por favor completa los campos requeridos.',
          errors: { token: ['Este enlace para restablecer la contraseña no es válido.'] },
        },
      }),
    });
    const { user, pathname } = renderApp(page);

    await user.type(await screen.findByLabelText('Contraseña nueva'), 'Nueva2026#');
    await user.type(screen.getByLabelText('Confirma la contraseña'), 'Nueva2026#');
    await user.click(screen.getByRole('button', { name: 'Restablecer contraseña' }));

    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Este enlace para restablecer la contraseña no es válido.');
    expect(pathname()).toBe('/resetpassword');
  });

  it('without a token says the link is not valid and offers a new one', async () => {
    installFakeApi({});
    renderApp('/resetpassword');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este enlace para restablecer la contraseña no es válido.',
    );
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute(
      'href',
      '/olvido',
    );
  });
});
