import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { installFakeApi, meHandler } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import {
  packages,
  studentApi,
  subscription,
} from '../../subscriptions/test/subscription-fixtures.ts';

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('price table (/paquetes)', () => {
  it('shows each package with description, days, price in CLP and trial, and sends a visitor to the registration', async () => {
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/packages': () => ({ status: 200, body: { data: packages } }),
    });
    renderApp('/paquetes');

    expect(await screen.findByRole('heading', { name: 'Paquetes y precios' })).toBeVisible();
    const mensual = await screen.findByRole('article', { name: 'PAES Mensual' });
    expect(within(mensual).getByText('Las cinco pruebas PAES durante un mes.')).toBeVisible();
    expect(within(mensual).getByText('$9.990')).toBeVisible();
    expect(within(mensual).getByText('IVA incluido')).toBeVisible();
    expect(within(mensual).getByText('30 días de acceso')).toBeVisible();
    expect(within(mensual).getByText('5 materias')).toBeVisible();
    expect(within(mensual).getByText('7 días de prueba gratis')).toBeVisible();
    expect(within(card('Licencia Clase B')).getByText('Sin período de prueba')).toBeVisible();
    expect(within(card('Licencia Clase B')).getByText('1 materia')).toBeVisible();

    expect(screen.getByRole('link', { name: 'Suscribirme a PAES Mensual' })).toHaveAttribute(
      'href',
      '/registro/1/es',
    );
    // PAES first, shortest and cheapest first within it.
    expect(
      screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby')),
    ).toEqual(['package-5-name', 'package-1-name', 'package-6-name']);
    expect(screen.getByRole('link', { name: 'Inicia sesión' })).toHaveAttribute('href', '/login');
  });

  it('speaks English, and the registration link carries the language', async () => {
    setLanguage('en');
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/packages': () => ({ status: 200, body: { data: packages } }),
    });
    renderApp('/paquetes');

    expect(await screen.findByRole('heading', { name: 'Packages and prices' })).toBeVisible();
    expect(
      within(await screen.findByRole('article', { name: 'PAES Duo' })).getByText(
        '7 free trial days',
      ),
    ).toBeVisible();
    // A package's English name and description, and the Spanish ones where it has none.
    expect(screen.getByRole('heading', { name: 'PAES Monthly' })).toBeVisible();
    expect(screen.getByText('All five PAES tests for one month.')).toBeVisible();
    expect(screen.queryByText('Las cinco pruebas PAES durante un mes.')).toBeNull();
    expect(screen.getByText('Elige dos pruebas PAES y prepáralas durante un mes.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Licencia Clase B' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Subscribe to PAES Duo' })).toHaveAttribute(
      'href',
      '/registro/5/en',
    );
  });

  it('sends a student to the wizard: change for a test they have, add for another', async () => {
    studentApi(
      {},
      {
        subscriptions: [subscription({ status: 'Active', has_access: true })],
      },
    );
    renderApp('/paquetes');

    const claseB = await screen.findByRole('link', { name: 'Suscribirme a Licencia Clase B' });
    await waitFor(() => expect(claseB).toHaveAttribute('href', '/agregar/subscripcion?package=6'));
    expect(screen.getByRole('link', { name: 'Suscribirme a PAES Dúo' })).toHaveAttribute(
      'href',
      '/subscripcion/paquete?package=5',
    );
    expect(screen.getByRole('link', { name: 'Ir a mi inicio' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('promises no trial to a student who had theirs', async () => {
    studentApi({
      'GET /api/packages': () => ({
        status: 200,
        body: { data: packages.map((pack) => ({ ...pack, trial_available: false })) },
      }),
    });
    renderApp('/paquetes');

    const mensual = await screen.findByRole('article', { name: 'PAES Mensual' });
    expect(within(mensual).getByText('Sin prueba gratis: ya usaste la tuya')).toBeVisible();
    expect(within(mensual).queryByText('7 días de prueba gratis')).not.toBeInTheDocument();
    // A package without a trial says only that.
    expect(within(card('Licencia Clase B')).getByText('Sin período de prueba')).toBeVisible();
  });

  it('says so when the packages cannot load', async () => {
    installFakeApi({
      'GET /api/me': meHandler(() => false),
      'GET /api/packages': () => ({ status: 500, body: { message: 'Error del servidor.' } }),
    });
    renderApp('/paquetes');

    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar esta página');
  });
});
