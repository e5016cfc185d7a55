import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, meHandler } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

describe('route guards', () => {
  it('sends a visitor without a session from a protected page to the login page', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });

    const { pathname } = renderApp('/estadistica');

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('ends on the login page without a loop when the stale redirect flag points to /dashboard', async () => {
    localStorage.setItem('redirect', '1');
    localStorage.setItem('isAuthenticated', 'true');
    const { requests } = installFakeApi({ 'GET /api/me': meHandler(() => false) });

    const { pathname } = renderApp('/materias');

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(requests.filter((r) => r.path === '/api/me')).toHaveLength(1);
    // The server said nobody is logged in: the flags claiming otherwise are gone.
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('shows a spinner, not the login page, while the session is being checked', async () => {
    let answer: (value: Response) => void = () => undefined;
    installFakeApi({
      'GET /api/me': () => new Promise<Response>((resolve) => (answer = resolve)),
    });

    renderApp('/login');

    expect(screen.getByRole('status', { name: 'Cargando…' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    answer(new Response(JSON.stringify({ message: 'No autenticado.' }), { status: 401 }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });

  it('sends a logged-in student from /login to the dashboard', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => true) });

    const { pathname } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
  });

  it('sends a logged-in student from registration to the dashboard', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => true) });

    const { pathname } = renderApp('/registro/3/es');

    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeInTheDocument();
    expect(pathname()).toBe('/dashboard');
  });

  it('lets a logged-in student open a protected page inside the header layout', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => true) });

    renderApp('/test/ensayo');

    expect(await screen.findByRole('heading', { name: 'Ensayo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Camila/ })).toHaveAttribute('href', '/cuenta/editar');
  });
});

describe('address preferences', () => {
  it('/login/en/true stores the language and the banner flag, and hides the cookie bar', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });

    renderApp('/login/en/true');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('banner')).toBe('true');
    expect(screen.queryByRole('region', { name: 'Cookies' })).not.toBeInTheDocument();
  });

  it('/login without segments keeps Spanish and shows the cookie bar', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });

    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cookies' })).toBeInTheDocument();
    expect(localStorage.getItem('banner')).toBeNull();
  });

  it('registration with a language and no banner stores only the language', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });

    renderApp('/registro/3/en');

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('banner')).toBeNull();
  });
});

describe('not-found page', () => {
  it('answers an unknown address with a heading and a button to the dashboard', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });

    const { pathname, user } = renderApp('/esto/no/existe');

    expect(
      await screen.findByRole('heading', { name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volver al inicio' }));
    // The dashboard is protected: without a session the guard takes over and shows the login.
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});

describe('navigation', () => {
  it('scrolls smoothly to the top when the page changes', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    const scrollTo = window.scrollTo as unknown as { mock: { calls: unknown[][] } };
    const callsBefore = scrollTo.mock.calls.length;

    await user.click(screen.getByRole('link', { name: 'Preguntas frecuentes' }));

    expect(
      await screen.findByRole('heading', { name: 'Preguntas frecuentes' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(callsBefore));
    expect(scrollTo.mock.calls.at(-1)).toEqual([{ top: 0, behavior: 'smooth' }]);
  });
});
