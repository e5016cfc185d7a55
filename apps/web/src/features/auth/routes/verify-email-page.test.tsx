import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n.ts';
import { installFakeApi, meHandler } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const SIGNED = '/api/email/verify/7/0a1b2c?expires=1767225600&signature=5e6f';

function pageFor(url: string) {
  return `/verify-email?url=${encodeURIComponent(url)}`;
}

describe('verify-email page', () => {
  it('requests the signed link and confirms, with a continue button to /login', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/email/verify/7/0a1b2c': () => ({
        status: 200,
        body: { message: 'Tu correo fue verificado.' },
      }),
    });
    const { user, pathname } = renderApp(pageFor(SIGNED));

    expect(await screen.findByRole('heading', { name: '¡Correo verificado!' })).toBeInTheDocument();
    expect(screen.getByText('Tu correo fue verificado.')).toBeInTheDocument();
    const verify = requests.find((r) => r.path === '/api/email/verify/7/0a1b2c');
    expect(verify?.method).toBe('GET');
    expect(verify?.credentials).toBe('include');
    expect(verify?.search).toBe('?expires=1767225600&signature=5e6f');

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
  });

  it("says 'Email verification failed!' when the server refuses the link", async () => {
    setLanguage('en');
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/email/verify/7/0a1b2c': () => ({
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
