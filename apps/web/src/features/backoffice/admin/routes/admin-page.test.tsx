import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, list, meAs, question } from '../test/admin-fixtures.ts';

describe('back office access', () => {
  it('shows a student the not-allowed page and makes no admin request', async () => {
    const { requests } = installFakeApi({ 'GET /api/me': meAs(demoUser) });
    const { user, pathname } = renderApp('/admin/questions');

    expect(await screen.findByRole('heading', { name: 'Acceso no permitido' })).toBeInTheDocument();
    expect(screen.getByText(/solo para administradores/)).toBeInTheDocument();
    expect(requests.filter((request) => request.path.startsWith('/api/admin'))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Ir al inicio' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('shows an admin the section menu and the questions list', async () => {
    installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/questions': () => list([question]),
    });
    const { pathname } = renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Preguntas' })).toBeInTheDocument();
    expect(pathname()).toBe('/admin/questions');
    const menu = screen.getByRole('navigation', { name: 'Menú de administración' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Preguntas',
      'Análisis de ítems',
      'Ensayos nacionales',
      'Contextos',
      'Materias',
      'Temas y ponderaciones',
      'Periodos',
      'Tablas de puntaje',
      'Paquetes',
      'Códigos promocionales',
      'Pruebas estándar',
      'Formulario de cancelación',
      'Importar y exportar',
      'Usuarios y tiempo adicional',
    ]);
  });
});
