import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findDialog } from '../../../../test/dialogs.ts';
import type { RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { paymentPage } from '../lib/payment-page.ts';
import { studentApi, subscription } from '../test/subscription-fixtures.ts';

type Handlers = Parameters<typeof studentApi>[0];

/** `/factura/detalles` for subscription 40, as the server says it is now. */
function invoiceApi(initial: Subscription, handlers: Handlers = {}) {
  let current = initial;
  const api = studentApi({
    'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: current } }),
    ...handlers,
  });
  return { ...api, update: (next: Subscription) => (current = next) };
}

const priceRow = (label: string | RegExp) =>
  within(screen.getByRole('region', { name: 'Precio' }))
    .getByText(label)
    .closest('div')!;

const posted = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('summary at /factura/detalles', () => {
  it("shows the student's data, address, service and price block", async () => {
    invoiceApi(subscription());
    renderApp('/factura/detalles?subscription=40');

    const user = await screen.findByRole('region', { name: 'Tus datos' });
    expect(within(user).getByText('Camila Rojas')).toBeVisible();
    expect(within(user).getByText('estudiante@ensaya.cl')).toBeVisible();
    expect(within(user).getByText('12.345.678-5')).toBeVisible();
    expect(within(user).getByText('+56 9 1234 5678')).toBeVisible();
    const address = screen.getByRole('region', { name: 'Dirección' });
    expect(within(address).getByText('Calle Prat 310')).toBeVisible();
    expect(within(address).getByText('Región de Antofagasta')).toBeVisible();
    expect(within(address).getByText('1240000')).toBeVisible();
    const service = screen.getByRole('region', { name: 'Servicio' });
    expect(within(service).getByText('PAES Mensual')).toBeVisible();
    expect(within(service).getByText('30 días')).toBeVisible();
    expect(within(service).getByText(/^Todas las materias: Competencia Lectora/)).toBeVisible();
    // Two sums that add up: price − discount = total, and the total's net + VAT.
    expect(priceRow('Precio del plan (IVA incluido)')).toHaveTextContent('$9.990');
    expect(priceRow('Descuento')).toHaveTextContent('$0');
    expect(priceRow('Total')).toHaveTextContent('$9.990');
    expect(priceRow('Neto')).toHaveTextContent('$8.395');
    expect(priceRow('IVA (19 %)')).toHaveTextContent('$1.595');
    expect(screen.queryByText(/El cupón se aplica solo/)).toBeNull();
    expect(screen.queryByText(/Ya usaste tu prueba gratis/)).toBeNull();
  });

  it('says plainly, in the summary, the price and the confirmation, that no trial applies', async () => {
    // The server's answer for a student who already had a PAES trial.
    invoiceApi(
      subscription({
        trial_duration: 0,
        trial_days_left: 0,
        trial_available: false,
        trial_used: true,
      }),
    );
    const { user } = renderApp('/factura/detalles?subscription=40');

    const service = await screen.findByRole('region', { name: 'Servicio' });
    for (const label of ['Inicio del período de prueba', 'Fin del período de prueba']) {
      expect(within(service).getByText(label).nextSibling).toHaveTextContent(
        'Ya usaste tu prueba gratis',
      );
    }
    const price = screen.getByRole('region', { name: 'Precio' });
    expect(within(price).getByRole('note')).toHaveTextContent(
      'Ya usaste tu prueba gratis: el primer cobro es hoy.',
    );
    await user.click(screen.getByRole('button', { name: 'Suscribirme' }));
    const dialog = await findDialog('Confirma tu suscripción');
    expect(dialog).toHaveTextContent('Ya usaste tu prueba gratis: el primer cobro es hoy.');
    expect(dialog).not.toHaveTextContent('de prueba gratis');
  });

  it('shows no trial dates when the server says no trial applies, whatever the days', async () => {
    // Made while a trial was on offer, and the student had one since: the server decides.
    invoiceApi(subscription({ trial_available: false, trial_used: true }));
    renderApp('/factura/detalles?subscription=40');

    const service = await screen.findByRole('region', { name: 'Servicio' });
    expect(within(service).getByText('Inicio del período de prueba').nextSibling).toHaveTextContent(
      'Ya usaste tu prueba gratis',
    );
  });

  it('shows the real trial dates, in DD/MM/YYYY and UTC', async () => {
    invoiceApi(
      subscription({
        status: 'Trial',
        trial_started_at: '2026-03-01T23:30:00.000Z',
        trial_ends_at: '2026-03-08T23:30:00.000Z',
        subscription_start: '2026-03-01T23:30:00.000Z',
      }),
    );
    renderApp('/factura/detalles?subscription=40');

    const service = await screen.findByRole('region', { name: 'Servicio' });
    expect(within(service).getByText('Inicio del período de prueba').nextSibling).toHaveTextContent(
      '01/03/2026',
    );
    expect(within(service).getByText('Fin del período de prueba').nextSibling).toHaveTextContent(
      '08/03/2026',
    );
  });

  it('asks for a code before sending an empty one', async () => {
    const { requests } = invoiceApi(subscription());
    const { user } = renderApp('/factura/detalles?subscription=40');

    await user.type(await screen.findByLabelText('Cupón de descuento'), '   ');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    expect(screen.getByLabelText('Cupón de descuento')).toHaveAccessibleDescription(
      'Debes ingresar un código',
    );
    expect(requests.some((request) => request.path.endsWith('/verify-promo-code'))).toBe(false);
  });

  it('clears an invalid coupon and says so', async () => {
    const { requests } = invoiceApi(subscription(), {
      'POST /api/user-subscriptions/40/verify-promo-code': () => ({
        status: 422,
        body: { message: 'Cupón inválido.', errors: { code: ['Cupón inválido.'] } },
      }),
    });
    const { user } = renderApp('/factura/detalles?subscription=40');

    const field = await screen.findByLabelText('Cupón de descuento');
    await user.type(field, '  NOEXISTE ');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription('Cupón inválido.'));
    expect(field).toHaveValue('');
    expect(posted(requests, '/api/user-subscriptions/40/verify-promo-code')[0]?.body).toEqual({
      code: 'NOEXISTE',
    });
    expect(posted(requests, '/api/user-subscriptions/40/subscribe')).toHaveLength(0);
  });

  it('treats an answer without the coupon type or value as invalid', async () => {
    invoiceApi(subscription(), {
      'POST /api/user-subscriptions/40/verify-promo-code': () => ({
        status: 200,
        body: { data: { price_net: 8395 }, message: 'ok' },
      }),
    });
    const { user } = renderApp('/factura/detalles?subscription=40');

    const field = await screen.findByLabelText('Cupón de descuento');
    await user.type(field, 'RARO');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription('Cupón inválido.'));
    expect(field).toHaveValue('');
  });

  it('applies a valid coupon: the price block shows the discount and the button stays disabled', async () => {
    const discounted = subscription({
      price: { price: 9990, discount: 999, net: 7555, vat: 1436, total: 8991, vat_percentage: 19 },
      coupon: { code: 'BIENVENIDA10', type: 'percent', value: 10 },
    });
    const { requests, update } = invoiceApi(subscription(), {
      'POST /api/user-subscriptions/40/verify-promo-code': () => ({
        status: 200,
        body: {
          data: {
            promocode_type: 'percent',
            promocode_value: 10,
            price_net: 7555,
            discount_value: 999,
            vat_value: 1436,
            price_with_discount: 8991,
          },
          message: 'El cupón fue aplicado.',
        },
      }),
      'POST /api/user-subscriptions/40/subscribe': () => {
        update(discounted);
        return { status: 200, body: { data: discounted } };
      },
    });
    const { user } = renderApp('/factura/detalles?subscription=40');

    await user.type(await screen.findByLabelText('Cupón de descuento'), 'bienvenida10');
    await user.click(screen.getByRole('button', { name: 'Agregar' }));

    expect(await screen.findByText('Cupón BIENVENIDA10 aplicado a tu primer pago.')).toBeVisible();
    // $9.990 − $999 = $8.991 = $7.555 + $1.436: the block adds up as shown.
    expect(priceRow('Precio del plan (IVA incluido)')).toHaveTextContent('$9.990');
    expect(priceRow('Descuento del cupón BIENVENIDA10')).toHaveTextContent('−$999');
    expect(priceRow('Total de tu primer pago')).toHaveTextContent('$8.991');
    expect(priceRow('Neto')).toHaveTextContent('$7.555');
    expect(priceRow('IVA (19 %)')).toHaveTextContent('$1.436');
    expect(
      screen.getByText(
        'El cupón se aplica solo a tu primer pago. Cada renovación cuesta $9.990 (IVA incluido) por 30 días.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agregar' })).toBeDisabled();
    expect(screen.getByLabelText('Cupón de descuento')).toBeDisabled();
    expect(posted(requests, '/api/user-subscriptions/40/subscribe')[0]?.body).toEqual({
      code: 'bienvenida10',
    });
  });

  it('confirms a coupon for the first payment only, and the price of every renewal', async () => {
    invoiceApi(
      subscription({
        price: { price: 5990, discount: 599, net: 4530, vat: 861, total: 5391, vat_percentage: 19 },
        coupon: { code: 'BIENVENIDA10', type: 'percent', value: 10 },
      }),
    );
    const { user } = renderApp('/factura/detalles?subscription=40');
    await user.click(await screen.findByRole('button', { name: 'Suscribirme' }));
    const dialog = await findDialog('Confirma tu suscripción');
    expect(dialog).toHaveTextContent(
      'Tu primer pago será de $5.391 (con el cupón BIENVENIDA10); desde la primera renovación pagarás $5.990 cada 30 días.',
    );
    expect(dialog).not.toHaveTextContent('$5.391 cada 30 días');
    expect(dialog).toHaveTextContent('Si cancelas antes, no se te cobra nada.');
  });

  it('confirms, tells about the payment platform, keeps the id and opens the card page', async () => {
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
    const { requests } = invoiceApi(subscription(), {
      'POST /api/user-subscriptions-increase': () => ({
        status: 200,
        body: { data: [40, 'http://localhost/sandbox-gateway/enroll?token=abc'] },
      }),
    });
    const { user } = renderApp('/factura/detalles?subscription=40');

    await user.click(await screen.findByRole('button', { name: 'Suscribirme' }));
    const dialog = await findDialog('Confirma tu suscripción');
    expect(dialog).toHaveTextContent(
      'Te suscribirás a PAES Mensual por $9.990 cada 30 días, con renovación automática.',
    );
    expect(dialog).toHaveTextContent('Los primeros 7 días son de prueba gratis');
    expect(dialog).toHaveTextContent('Para validarla se hace un cargo de $1.784,64');
    expect(open).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Ir a la plataforma de pago' }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost/sandbox-gateway/enroll?token=abc'),
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Te estamos llevando a la plataforma de pago…',
    );
    expect(localStorage.getItem('subscription')).toBe('40');
    expect(posted(requests, '/api/user-subscriptions-increase')[0]?.body).toEqual({
      id: 40,
      isDiscount: false,
    });
  });

  it('offers a new card beside the back button for an active subscription', async () => {
    const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
    invoiceApi(
      subscription({
        status: 'Active',
        has_access: true,
        card: { brand: 'Visa', last4: '1111' },
        subscription_start: '2026-03-01T12:00:00.000Z',
        subscription_end: '2026-03-31T12:00:00.000Z',
      }),
      {
        'GET /api/user-subscriptions/40/increase-checkout-link': () => ({
          status: 200,
          body: { data: [40, 'http://localhost/sandbox-gateway/enroll?token=new'] },
        }),
      },
    );
    const { user, pathname } = renderApp('/factura/detalles?subscription=40');

    expect(await screen.findByText('Visa terminada en 1111')).toBeVisible();
    expect(screen.queryByLabelText('Cupón de descuento')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar tarjeta' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://localhost/sandbox-gateway/enroll?token=new'),
    );
    expect(localStorage.getItem('subscription')).toBe('40');

    await user.click(screen.getByRole('button', { name: 'Volver a mi inicio' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });
});

describe('/factura/detalles after the payment platform', () => {
  it('says the payment was declined (?payment=declined)', async () => {
    invoiceApi(subscription({ status: 'Pending_payment', payment_notice: 'open' }));
    renderApp('/factura/detalles?subscription=40&payment=declined');

    const alert = (await screen.findAllByRole('alert'))[0]!;
    expect(alert).toHaveTextContent('Pago rechazado');
    expect(alert).toHaveTextContent(
      'El pago fue rechazado. Agrega un medio de pago válido; el pago se reintentará más tarde.',
    );
  });

  it('says the card was rejected, or that the card page was left', async () => {
    invoiceApi(subscription());
    const { unmount } = renderApp('/factura/detalles?subscription=40&payment=card_rejected');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tarjeta rechazada');
    unmount();

    renderApp('/factura/detalles?subscription=40&payment=aborted');
    expect(await screen.findByRole('alert')).toHaveTextContent('No registraste tu tarjeta');
  });

  it('says the trial was refused and nothing was charged (?payment=trial_used)', async () => {
    invoiceApi(
      subscription({
        trial_duration: 0,
        trial_days_left: 0,
        trial_available: false,
        trial_used: true,
        card: { brand: 'Visa', last4: '1111' },
      }),
    );
    renderApp('/factura/detalles?subscription=40&payment=trial_used');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ya usaste tu prueba gratis');
    expect(alert).toHaveTextContent('no comenzó otra y no te cobramos nada');
    expect(alert).toHaveTextContent('Si te suscribes, el primer cobro es hoy.');
  });

  it('tells a Pending_payment student what is owed and when the charge is tried again', async () => {
    invoiceApi(
      subscription({
        status: 'Pending_payment',
        payment_notice: 'open',
        open_invoice: {
          id: 3,
          number: 'ENS-2026-000003',
          total: 9990,
          attempt_count: 1,
          next_attempt_at: '2026-03-09T23:30:00.000Z',
        },
      }),
    );
    renderApp('/factura/detalles?subscription=40');

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Tienes un pago pendiente');
    expect(notice).toHaveTextContent(
      'Tu último pago fue rechazado. Agrega un medio de pago válido; el pago se reintentará más tarde.',
    );
    expect(notice).toHaveTextContent('Monto pendiente: $9.990 (boleta ENS-2026-000003).');
    expect(notice).toHaveTextContent('Próximo intento de cobro: 09/03/2026.');
    expect(screen.getByRole('button', { name: 'Suscribirme' })).toBeVisible();
  });

  it('finds the subscription from storage, else the newest', async () => {
    localStorage.setItem('subscription', '99');
    const { requests } = studentApi({
      'GET /api/user-subscriptions/99': () => ({
        status: 404,
        body: { message: 'No encontrado.' },
      }),
      'GET /api/user-subscriptions/details': () => ({
        status: 200,
        body: { data: subscription() },
      }),
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: subscription() } }),
    });
    renderApp('/factura/detalles');

    expect(await screen.findByRole('region', { name: 'Servicio' })).toBeVisible();
    expect(requests.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/api/user-subscriptions/99', '/api/user-subscriptions/details']),
    );
    // The stale id is forgotten.
    expect(localStorage.getItem('subscription')).toBeNull();
  });
});
