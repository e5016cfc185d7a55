import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, meHandler } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('protected layout header', () => {
  it('shows the full header: menu, user with initials linking to the account, user menu', async () => {
    localStorage.setItem('header', '1');
    installFakeApi({ 'GET /api/me': meHandler(() => true) });
    const { user } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hola, Camila' });

    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'Materias' })).toHaveAttribute(
      'href',
      '/materias',
    );
    const account = screen.getByRole('link', { name: /Camila/ });
    expect(account).toHaveAttribute('href', '/cuenta/editar');
    expect(account).toHaveTextContent('CR');

    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Inicio', 'Materias', 'Mi perfil', 'Renovar suscripción', 'Cerrar sesión']);
  });

  it('shows only the logo and the language toggle while a test runs (header flag 0)', async () => {
    localStorage.setItem('header', '0');
    installFakeApi({ 'GET /api/me': meHandler(() => true) });
    renderApp('/test');
    await screen.findByRole('heading', { name: 'Práctica' });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Ensaya' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Cambiar idioma: EN' })).toBeInTheDocument();
    expect(within(header).queryByRole('navigation')).not.toBeInTheDocument();
    expect(within(header).queryByRole('link')).not.toBeInTheDocument();
    expect(within(header).queryByText('Camila')).not.toBeInTheDocument();
  });

  it('sets the header flag to 1 when it is missing', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => true) });
    renderApp('/materias');
    await screen.findByRole('heading', { name: 'Materias' });

    expect(localStorage.getItem('header')).toBe('1');
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
  });

  it('opens the menu drawer from the hamburger button', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => true) });
    const { user, pathname } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hola, Camila' });

    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Renovar suscripción' }));

    expect(
      await screen.findByRole('heading', { name: 'Renovar o agregar suscripción' }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/agregar/subscripcion');
  });

  it('logs out: tells the server, forgets the session in the browser and shows the login', async () => {
    let isLoggedIn = true;
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('username', 'Camila');
    localStorage.setItem('avatar', '');
    localStorage.setItem('redirect', '1');
    localStorage.setItem('header', '1');
    localStorage.setItem('lang', 'es');
    document.cookie = 'XSRF-TOKEN=token-1; Path=/';
    const { requests } = installFakeApi({
      'GET /api/me': meHandler(() => isLoggedIn),
      'POST /api/logout': () => {
        isLoggedIn = false;
        return { status: 204 };
      },
    });
    const { user, pathname } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Hola, Camila' });

    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    const logout = requests.find((r) => r.path === '/api/logout');
    expect(logout?.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    for (const key of ['isAuthenticated', 'username', 'avatar', 'redirect', 'header']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('lang')).toBe('es');
    expect(document.cookie).not.toContain('XSRF-TOKEN');
  });
});
