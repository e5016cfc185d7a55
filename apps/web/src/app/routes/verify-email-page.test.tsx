import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n.ts';
import { demoUser, installFakeApi, meHandler } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

function withCsrfCookie() {
  return () => {
    document.cookie = 'XSRF-TOKEN=token-1; Path=/';
    return { status: 204 };
  };
}

const SIGNED = '/api/email/verify/7/0a1b2c?expires=1767225600&signature=5e6f';

function pageFor(url: string) {
  return `/verify-email?url=${encodeURIComponent(url)}`;
}

describe('verify-email page', () => {
  it('an opening that signs nobody in (the link opened again) confirms, with a continue button to /login', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/email/verify/7/0a1b2c': () => ({
        status: 200,
        body: { message: 'Tu correo fue verificado.', data: null },
      }),
    });
    const { user, pathname } = renderApp(`${pageFor(SIGNED)}&package=3`);

    expect(await screen.findByRole('heading', { name: '¡Correo verificado!' })).toBeInTheDocument();
    expect(screen.getByText('Tu correo fue verificado.')).toBeInTheDocument();
    const verify = requests.find((r) => r.path === '/api/email/verify/7/0a1b2c');
    expect(verify?.method).toBe('POST');
    expect(verify?.credentials).toBe('include');
    expect(verify?.search).toBe('?expires=1767225600&signature=5e6f');
    // The package chosen at registration waits for the wizard after the login.
    expect(localStorage.getItem('package')).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it('the opening that verifies signs the student in and goes on to the package step, the package chosen', async () => {
    let isLoggedIn = false;
    installFakeApi({
      'GET /api/me': meHandler(() => isLoggedIn),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/email/verify/7/0a1b2c': () => {
        isLoggedIn = true;
        return { status: 200, body: { message: 'Tu correo fue verificado.', data: demoUser } };
      },
      'GET /api/user-subscriptions/after-login': () => ({
        status: 200,
        body: {
          data: {
            route: '/subscripcion/paquete',
            subscription_id: null,
            status: null,
            trial_days_left: 0,
          },
        },
      }),
      'GET /api/packages': () => ({ status: 200, body: { data: [] } }),
      'GET /api/user-subscriptions': () => ({
        status: 200,
        body: { data: [], meta: { page: 1, per_page: 100, total: 0 } },
      }),
    });
    const { pathname } = renderApp(`${pageFor(SIGNED)}&package=3`);

    await waitFor(() => expect(pathname()).toBe('/subscripcion/paquete'));
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(
      await screen.findByText('¡Correo verificado! Ya iniciaste sesión: sigue con tu suscripción.'),
    ).toBeInTheDocument();
  });

  it("says 'Email verification failed!' when the server refuses the link", async () => {
    setLanguage('en');
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/csrf-cookie': withCsrfCookie(),
      'POST /api/email/verify/7/0a1b2c': () => ({
        status: 403,
        body: { message: 'Email verification failed!' },
      }),
    });
    renderApp(pageFor(SIGNED));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email verification failed!');
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  describe('with the link that confirms a new e-mail address', () => {
    const CHANGE = '/api/email/change/7/0a1b2c?expires=1767225600&signature=5e6f';

    it('requests it and says what the server answered', async () => {
      const { requests } = installFakeApi({
        'GET /api/me': meHandler(() => false),
        'GET /api/email/change/7/0a1b2c': () => ({
          status: 200,
          body: { message: 'Tu correo electrónico ahora es nuevo@ensaya.cl.' },
        }),
      });
      renderApp(pageFor(CHANGE));

      expect(
        await screen.findByText('Tu correo electrónico ahora es nuevo@ensaya.cl.'),
      ).toHaveAttribute('role', 'status');
      const confirm = requests.find((r) => r.path === '/api/email/change/7/0a1b2c');
      expect(confirm?.search).toBe('?expires=1767225600&signature=5e6f');
    });

    it("says the server's reason (409: the address was taken) and leads to the account", async () => {
      const taken =
        'Otra cuenta empezó a usar nuevo@ensaya.cl mientras tanto, así que tu correo electrónico no cambió.';
      installFakeApi({
        'GET /api/me': meHandler(() => false),
        'GET /api/email/change/7/0a1b2c': () => ({ status: 409, body: { message: taken } }),
      });
      renderApp(pageFor(CHANGE));

      expect(await screen.findByRole('alert')).toHaveTextContent(taken);
      expect(screen.getByText(/Desde tu cuenta puedes pedir otro enlace/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Ir a mi cuenta' })).toBeInTheDocument();
    });
  });

  it.each([
    'https://evil.example/api/email/verify/7/0a1b2c?signature=x',
    '//evil.example/api/email/verify/7/0a1b2c',
    '/api/email/verify/../../logout',
    '/api/me',
  ])('never requests a foreign url (%s) and says it failed', async (url) => {
    const { fetchMock } = installFakeApi({ 'GET /api/me': meHandler(() => false) });
    renderApp(pageFor(url));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '¡La verificación del correo falló!',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
