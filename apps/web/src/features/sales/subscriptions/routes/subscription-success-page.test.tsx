import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { studentApi, subscription } from '../test/subscription-fixtures.ts';

const active = subscription({
  status: 'Active',
  has_access: true,
  subscription_start: '2026-03-01T12:00:00.000Z',
  subscription_end: '2026-03-31T12:00:00.000Z',
});

describe('payment confirmation (/subscripcion/exitosa)', () => {
  it('says the subscription is active; continue keeps it in the shared state and opens the dashboard', async () => {
    studentApi({
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: active } }),
    });
    const { user, pathname, queryClient } = renderApp(
      '/subscripcion/exitosa?subscription=40&payment=active',
    );

    expect(
      await screen.findByRole('heading', { name: '¡Tu suscripción está activa!' }),
    ).toBeVisible();
    expect(await screen.findByText(/PAES Mensual está activa hasta el 31\/03\/2026/)).toBeVisible();
    const steps = within(screen.getByRole('navigation', { name: 'Pasos de la suscripción' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      '✓Paquete(completado)',
      '✓Materias(completado)',
      '✓Resumen(completado)',
      '✓Tarjeta(completado)',
    ]);

    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(queryClient.getQueryData(['user-subscriptions', 'after-login'])).toMatchObject({
      subscription_id: 40,
      status: 'Active',
      trial_days_left: 0,
    });
  });

  it('says the card was updated (?payment=card_updated)', async () => {
    studentApi({
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: active } }),
    });
    renderApp('/subscripcion/exitosa?subscription=40&payment=card_updated');

    expect(
      await screen.findByRole('heading', { name: 'Tu tarjeta fue actualizada' }),
    ).toBeVisible();
    expect(
      await screen.findByText('Los próximos cobros de PAES Mensual se harán a tu nueva tarjeta.'),
    ).toBeVisible();
  });
});
