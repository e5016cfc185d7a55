import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, meHandler } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

describe('language toggle', () => {
  it('switches the texts to English, stores the choice and offers Spanish back', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    const { user } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });

    const toggle = screen.getByRole('button', { name: 'Cambiar idioma: EN' });
    expect(toggle).toHaveTextContent('EN');
    await user.click(toggle);

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'Change language: ES' })).toHaveTextContent('ES');

    await user.click(screen.getByRole('button', { name: 'Change language: ES' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('es');
  });

  it('survives a reload: the stored language is used when the app starts again', async () => {
    installFakeApi({ 'GET /api/me': meHandler(() => false) });
    const first = renderApp('/login');
    await screen.findByRole('heading', { name: 'Iniciar sesión' });
    await first.user.click(screen.getByRole('button', { name: 'Cambiar idioma: EN' }));
    await screen.findByRole('heading', { name: 'Log in' });
    first.unmount();

    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });
});
