import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { subscriptionStateQueryKey } from '../../subscriptions/api/get-subscription-state.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { installFakeApi, meHandler } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

function afterLoginApi(status: string | null, trialDaysLeft: number) {
  return installFakeApi({
    'GET /api/me': meHandler(() => true),
    'GET /api/user-subscriptions/after-login': () => ({
      status: 200,
      body: {
        data: {
          route: '/dashboard',
          subscription_id: status ? 5 : null,
          status,
          trial_days_left: trialDaysLeft,
        },
      },
    }),
  });
}

const afterLoginKey = subscriptionStateQueryKey;
const banner = () => screen.queryByRole('complementary', { name: 'Periodo de prueba' });

describe('trial banner', () => {
  it('says it is a free trial, the days left, and what its button does', async () => {
    afterLoginApi('Trial', 5);
    const { user, pathname } = renderApp('/materias');

    expect(
      await screen.findByText('Prueba gratis: quedan 5 días, con acceso completo a tus materias.'),
    ).toBeVisible();
    expect(banner()).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Suscribirme' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Pagar ahora y empezar el plan' }));
    await waitFor(() => expect(pathname()).toBe('/factura/detalles'));
  });

  it("the user menu pays the trial's plan, instead of renewing", async () => {
    afterLoginApi('Trial', 5);
    const { user } = renderApp('/materias');
    await screen.findByText(/Prueba gratis: quedan 5 días/);
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(
      await screen.findByRole('menuitem', { name: 'Pagar ahora y empezar el plan' }),
    ).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Renovar suscripción' })).not.toBeInTheDocument();
  });

  it('the user menu keeps "Renovar suscripción" outside a trial', async () => {
    afterLoginApi('Active', 0);
    const { user } = renderApp('/materias');
    await screen.findByRole('heading', { name: 'Materias' });
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(await screen.findByRole('menuitem', { name: 'Renovar suscripción' })).toBeVisible();
  });

  it('says one day in the singular, and that the trial ends today at 0', async () => {
    afterLoginApi('Trial', 1);
    const first = renderApp('/materias');
    expect(
      await screen.findByText('Prueba gratis: queda 1 día, con acceso completo a tus materias.'),
    ).toBeVisible();
    first.unmount();

    afterLoginApi('Trial', 0);
    renderApp('/materias');
    expect(
      await screen.findByText('Prueba gratis: termina hoy. Hasta entonces tienes acceso completo.'),
    ).toBeVisible();
  });

  it('speaks English when the interface does', async () => {
    setLanguage('en');
    afterLoginApi('Trial', 3);
    renderApp('/materias');
    expect(
      await screen.findByText('Free trial: 3 days left, with full access to your subjects.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Pay now and start the plan' })).toHaveAttribute(
      'href',
      '/factura/detalles?subscription=5',
    );
  });

  it('is not shown outside a trial', async () => {
    afterLoginApi('Active', 0);
    const { queryClient } = renderApp('/materias');
    await waitFor(() => expect(queryClient.getQueryData(afterLoginKey)).toBeDefined());
    await screen.findByRole('heading', { name: 'Materias' });
    expect(banner()).not.toBeInTheDocument();
  });

  it('is not shown while a test runs (header flag 0)', async () => {
    localStorage.setItem('header', '0');
    afterLoginApi('Trial', 5);
    // On a test's page: elsewhere the flag left at 0 is put right (useHeaderFlagSync).
    const { queryClient } = renderApp('/test');
    await waitFor(() => expect(queryClient.getQueryData(afterLoginKey)).toBeDefined());
    expect(localStorage.getItem('header')).toBe('0');
    expect(banner()).not.toBeInTheDocument();
  });
});
