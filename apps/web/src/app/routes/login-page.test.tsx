import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, installFakeApi, meHandler } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function withCsrfCookie() {
  return () => {
    document.cookie = 'XSRF-TOKEN=token-1; Path=/';
    return { status: 204 };
  };
}

describe('login page', () => {
  it('logs in with trimmed credentials, remembers the session flags and opens the dashboard', async () => {
    let isLoggedIn = false;
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => isLoggedIn),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => {
        isLoggedIn = true;
        return { status: 200, body: { data: demoUser } };
      },
    });
    const { user, pathname } = renderApp('/login');

    await user.type(await screen.findByLabelText('Correo electrónico'), '  estudiante@ensaya.cl ');
    await user.type(screen.getByLabelText('Contraseña'), ' Ensaya2026! ');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
    const login = requests.find((r) => r.method === 'POST' && r.path === '/api/login');
    expect(login?.body).toEqual({ email: 'estudiante@ensaya.cl', password: 'Ensaya2026!' });
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('username')).toBe('Camila');
    expect(localStorage.getItem('redirect')).toBe('1');
    expect(localStorage.getItem('header')).toBe('1');
  });

  it('checks the fields before sending, with the spec messages', async () => {
    const { requests } = installFakeApi({ 'GET /api/me': meHandler(() => false) });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });

    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Ingresa tu correo electrónico.')).toBeInTheDocument();
    expect(screen.getByText('Por favor completa los campos requeridos.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Correo electrónico'), 'estudiante@');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('¡Formato inválido!')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/login')).toBe(false);
  });

  it('shows the message and the e-mail error of a rejected login (422)', async () => {
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => ({
        status: 422,
        body: {
          message: 'Estas credenciales no coinciden con nuestros registros.',
          errors: { email: ['Estas credenciales no coinciden con nuestros registros.'] },
        },
      }),
    });
    const { user, pathname } = renderApp('/login');

    await user.type(await screen.findByLabelText('Correo electrónico'), 'estudiante@ensaya.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'equivocada');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const messages = await screen.findAllByText(
      'Estas credenciales no coinciden con nuestros registros.',
    );
    expect(messages).toHaveLength(1); // the form's alert only; the fields are marked, not repeated
    expect(screen.getByRole('alert')).toHaveTextContent('Estas credenciales no coinciden');
    expect(screen.getByLabelText('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');

    // Correcting a field clears the message while typing, not when the field is left.
    await user.type(screen.getByLabelText('Contraseña'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('tells an unverified student to verify, as information, with a resend link (403)', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => ({
        status: 403,
        body: {
          message: 'Debes verificar tu correo antes de ingresar.',
          errors: { verify: ['Debes verificar tu correo antes de ingresar.'] },
          user_id: 42,
          resend_token: '1767225600.abc123',
        },
      }),
      'GET /api/me/42/resend-verification': () => ({
        status: 200,
        body: { message: 'Te enviamos el enlace otra vez.' },
      }),
    });
    const { user, pathname } = renderApp('/login');

    await user.type(await screen.findByLabelText('Correo electrónico'), 'pendiente@ensaya.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'Ensaya2026!');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Debes verificar tu correo antes de ingresar.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Correo electrónico')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Reenviar el correo' }));
    expect(await screen.findByText('Te enviamos el enlace otra vez.')).toBeInTheDocument();
    // The resend carries the token the login answered.
    const resend = requests.find((r) => r.path === '/api/me/42/resend-verification');
    expect(resend?.method).toBe('GET');
    expect(resend?.search).toBe('?token=1767225600.abc123');
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('says why when the resend token has expired (403)', async () => {
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => ({
        status: 403,
        body: {
          message: 'Tu correo electrónico aún no está verificado.',
          errors: { verify: ['Tu correo electrónico aún no está verificado.'] },
          user_id: 42,
          resend_token: '1767225600.abc123',
        },
      }),
      'GET /api/me/42/resend-verification': () => ({
        status: 403,
        body: {
          message:
            'Este enlace para reenviar el correo ya no sirve. Vuelve a iniciar sesión para pedir otro.',
        },
      }),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Correo electrónico'), 'pendiente@ensaya.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'Ensaya2026!');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await user.click(await screen.findByRole('button', { name: 'Reenviar el correo' }));

    expect(
      await screen.findByText(
        'Este enlace para reenviar el correo ya no sirve. Vuelve a iniciar sesión para pedir otro.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the button named "Ingresar" while it waits, with a spinner hidden from readers', async () => {
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => new Promise(() => undefined), // the server is slow to answer
    });
    const { user } = renderApp('/login');

    await user.type(await screen.findByLabelText('Correo electrónico'), 'estudiante@ensaya.cl');
    await user.type(screen.getByLabelText('Contraseña'), 'Ensaya2026!');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const button = await screen.findByRole('button', { name: 'Ingresar' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button.querySelector('.button-spinner')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img', { name: 'loading' })).not.toBeInTheDocument();
  });

  it('shows and hides the password with a named toggle button', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    const { user } = renderApp('/login');

    const password = await screen.findByLabelText('Contraseña');
    await user.type(password, 'Ensaya2026!');
    const toggle = screen.getByRole('button', { name: 'Mostrar contraseña' });
    expect(password).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveValue('Ensaya2026!');

    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'password');
  });

  it("shows 'Too many attempts.' in the interface language on 429", async () => {
    localStorage.setItem('lang', 'en');
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => ({ status: 429, body: { message: 'Rate limit exceeded' } }),
    });
    const { user } = renderApp('/login/en/1');

    await user.type(await screen.findByLabelText('E-mail'), 'estudiante@ensaya.cl');
    await user.type(screen.getByLabelText('Password'), 'Ensaya2026!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('links to the forgotten-password and packages pages', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    renderApp('/');

    expect(await screen.findByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/olvido',
    );
    expect(screen.getByRole('link', { name: 'Ver paquetes y precios' })).toHaveAttribute(
      'href',
      '/paquetes',
    );
    // Opened first (a visitor's first page), there is nowhere to go back to: no "Volver".
    expect(screen.queryByRole('button', { name: 'Volver' })).not.toBeInTheDocument();
  });

  it('tells a visitor what Ensaya is and how to create an account', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    renderApp('/');

    expect(
      await screen.findByText(/practica para la PAES y el examen teórico de licencia clase B/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crea tu cuenta' })).toHaveAttribute(
      'href',
      '/paquetes',
    );
  });
});

describe('where the login leads (spec 000, section 4)', () => {
  async function logIn(afterLogin: () => { status: number; body?: unknown }, role = 'student') {
    let isLoggedIn = false;
    const api = installFakeApi({
      'GET /api/me': () =>
        isLoggedIn
          ? { status: 200, body: { data: { ...demoUser, role } } }
          : { status: 401, body: { message: 'No autenticado.' } },
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/login': () => {
        isLoggedIn = true;
        return { status: 200, body: { data: { ...demoUser, role } } };
      },
      'GET /api/user-subscriptions/after-login': afterLogin,
    });
    const view = renderApp('/login');
    await view.user.type(await screen.findByLabelText('Correo electrónico'), 'nuevo@ensaya.cl');
    await view.user.type(screen.getByLabelText('Contraseña'), 'Ensaya2026!');
    await view.user.click(screen.getByRole('button', { name: 'Ingresar' }));
    return { ...api, ...view };
  }

  const answer = (route: string, status: string | null, subscriptionId: number | null) => () => ({
    status: 200,
    body: {
      data: { route, subscription_id: subscriptionId, status, trial_days_left: 0 },
    },
  });

  it('sends a student without subscriptions to package selection', async () => {
    const { pathname } = await logIn(answer('/subscripcion/paquete', null, null));
    await waitFor(() => expect(pathname()).toBe('/subscripcion/paquete'));
  });

  it('sends a single Created subscription to its invoice details', async () => {
    const { pathname, requests } = await logIn(answer('/factura/detalles', 'Created', 40));
    await waitFor(() => expect(pathname()).toBe('/factura/detalles'));
    // The details page asks for the very subscription the server named.
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/user-subscriptions/40')).toBe(true),
    );
  });

  it('sends everyone else to the dashboard, and keeps the answer as the subscription state', async () => {
    const { pathname, queryClient } = await logIn(answer('/dashboard', 'Active', 40));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(queryClient.getQueryData(['user-subscriptions', 'after-login'])).toMatchObject({
      status: 'Active',
      subscription_id: 40,
    });
  });

  it('goes to the dashboard when the answer does not come', async () => {
    const { pathname } = await logIn(() => ({ status: 500, body: { message: 'Error.' } }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('takes an administrator, who has nothing to subscribe to, to the back office', async () => {
    const { pathname } = await logIn(answer('/subscripcion/paquete', null, null), 'admin');
    await waitFor(() => expect(pathname()).toMatch(/^\/admin/));
  });
});
