import { screen, waitFor, within } from '@testing-library/react';
import type { Subscription } from '@ensaya/core/contracts/subscriptions';
import { describe, expect, it } from 'vitest';
import { findDialog } from '../../../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { subscription, subscriptionPage } from '../../../../test/subscription-fixtures.ts';

type Handlers = Parameters<typeof installFakeApi>[0];

function invoice(id: number, change: Record<string, unknown> = {}) {
  return {
    id,
    number: `ENS-2026-${String(id).padStart(6, '0')}`,
    subscription_id: 1,
    package_name: 'PAES Mensual',
    period_start: '2026-03-01T12:00:00.000Z',
    period_end: '2026-03-31T23:30:00.000Z',
    net: 8395,
    discount: 0,
    vat: 1595,
    total: 9990,
    status: 'paid',
    attempt_count: 1,
    next_attempt_at: null,
    paid_at: '2026-03-01T12:05:00.000Z',
    created_at: '2026-03-01T12:00:00.000Z',
    ...change,
  };
}

/** A student with these subscriptions (one page) and invoices, as the server would answer. */
function subscriptionsApi({
  rows = [subscription(1)],
  total,
  invoices = [invoice(1)],
  invoicesTotal,
  permissions = [] as string[],
  handlers = {} as Handlers,
}: {
  rows?: Subscription[];
  total?: number;
  invoices?: ReturnType<typeof invoice>[];
  invoicesTotal?: number;
  permissions?: string[];
  handlers?: Handlers;
} = {}) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: { ...demoUser, permissions } } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/user-subscriptions': (request) => {
      const page = Number(new URLSearchParams(request.search).get('page'));
      return { status: 200, body: subscriptionPage(rows, page, total ?? rows.length) };
    },
    'GET /api/invoices': (request) => {
      const params = new URLSearchParams(request.search);
      return {
        status: 200,
        body: {
          data: invoices,
          meta: {
            page: Number(params.get('page')),
            per_page: Number(params.get('per_page')),
            total: invoicesTotal ?? invoices.length,
          },
        },
      };
    },
    ...handlers,
  });
}

async function openAccount() {
  const view = renderApp('/cuenta/editar');
  await screen.findByRole('heading', { name: 'Mis suscripciones' });
  return view;
}

const subscriptionsCard = () => screen.getByRole('region', { name: 'Mis suscripciones' });
const invoicesCard = () => screen.getByRole('region', { name: 'Mis boletas' });
/** The table row showing this text (a package name, an invoice number). */
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const calls = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const everyStatus = [
  subscription(1, { status: 'Active', package: { ...subscription(1).package, name: 'Plan A' } }),
  subscription(2, { status: 'Pause', package: { ...subscription(1).package, name: 'Plan B' } }),
  subscription(3, { status: 'Pending', package: { ...subscription(1).package, name: 'Plan C' } }),
  subscription(4, {
    status: 'Pending_payment',
    package: { ...subscription(1).package, name: 'Plan D' },
  }),
  subscription(5, {
    status: 'Trial',
    trial_ends_at: '2026-04-05T23:30:00.000Z',
    package: { ...subscription(1).package, name: 'Plan E' },
  }),
  subscription(6, {
    status: 'Created',
    subscription_end: null,
    package: { ...subscription(1).package, name: 'Plan F' },
  }),
  subscription(7, { status: 'Canceled', package: { ...subscription(1).package, name: 'Plan G' } }),
];

describe('account page: subscriptions table', () => {
  it('shows plan, subjects, status, end, the renewal toggle and the action of each status', async () => {
    subscriptionsApi({ rows: everyStatus });
    await openAccount();

    const expected: [string, string, string | null, boolean][] = [
      ['Plan A', 'Activa', 'Cancelar', true],
      ['Plan B', 'Sin renovación', 'Activar', true],
      ['Plan C', 'Pendiente', 'Suscribirme', false],
      ['Plan D', 'Pago pendiente', 'Suscribirme', false],
      ['Plan E', 'En prueba', 'Pagar ahora y empezar el plan', true],
      ['Plan F', 'Sin terminar: falta tu tarjeta', 'Suscribirme', false],
      ['Plan G', 'Cancelada', null, false],
    ];
    for (const [plan, status, action, hasToggle] of expected) {
      const row = await rowOf(plan);
      expect(within(row).getByText(status)).toBeInTheDocument();
      const buttons = within(row)
        .queryAllByRole('button')
        .map((button) => button.textContent);
      expect(buttons).toEqual(action ? [action] : []);
      expect(within(row).queryAllByRole('switch')).toHaveLength(hasToggle ? 1 : 0);
    }

    const active = await rowOf('Plan A');
    expect(within(active).getByText('Competencia Lectora, Matemática M1')).toBeInTheDocument();
    expect(within(active).getByText('31/03/2026')).toBeInTheDocument();
    expect(
      within(active).getByRole('switch', { name: 'Renovación automática de Plan A' }),
    ).toBeChecked();
    expect(
      within(await rowOf('Plan B')).getByRole('switch', {
        name: 'Renovación automática de Plan B',
      }),
    ).not.toBeChecked();
    const trial = await rowOf('Plan E');
    expect(within(trial).getByText('05/04/2026')).toBeVisible();
    expect(within(trial).getByText('fin de la prueba')).toBeVisible();
    // No end date yet, and no renewal toggle.
    expect(within(await rowOf('Plan F')).getAllByText('—')).toHaveLength(2);
    // Not a debug user: no ids.
    expect(screen.queryByText('N° 1')).not.toBeInTheDocument();
  });

  it("shows 'todas' when the package covers every subject", async () => {
    subscriptionsApi({ rows: [subscription(1, { all_subjects: true })] });
    await openAccount();
    expect(within(await rowOf('PAES Mensual')).getByText('todas')).toBeInTheDocument();
  });

  it('shows a debug user the subscription id before the package name', async () => {
    subscriptionsApi({ rows: [subscription(42)], permissions: ['debug'] });
    await openAccount();
    const row = await rowOf('PAES Mensual');
    const plan = within(row).getByText('N° 42').parentElement!;
    expect(plan).toHaveTextContent(/^N° 42\s*PAES Mensual$/);
  });

  it('asks the server for each page', async () => {
    const { requests } = subscriptionsApi({
      rows: Array.from({ length: 10 }, (_, index) => subscription(index + 1)),
      total: 12,
    });
    const { user } = await openAccount();
    await screen.findByText('12 suscripciones');
    expect(calls(requests, 'GET', '/api/user-subscriptions')[0]?.search).toBe(
      '?page=1&per_page=10',
    );

    const pages = within(subscriptionsCard()).getByRole('navigation', { name: 'Páginas' });
    expect(pages).toHaveTextContent('Página 1 de 2');
    expect(within(pages).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/api/user-subscriptions').at(-1)?.search).toBe(
        '?page=2&per_page=10',
      ),
    );
    expect(pages).toHaveTextContent('Página 2 de 2');
    expect(within(pages).getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('Cancel hands id, end, package and subjects to the cancel wizard', async () => {
    subscriptionsApi({ rows: everyStatus });
    const { user, pathname } = await openAccount();
    await user.click(await screen.findByRole('button', { name: 'Cancelar la suscripción Plan A' }));

    expect(await screen.findByRole('heading', { name: 'Antes de cancelar' })).toBeVisible();
    expect(pathname()).toBe('/cancelar/subscripcion');
    expect(screen.getByText('Plan A')).toBeInTheDocument();
    expect(screen.getByText('Competencia Lectora, Matemática M1')).toBeInTheDocument();
    expect(screen.getByText('31/03/2026')).toBeInTheDocument();
  });

  it('Activate sends ACTIVE and goes to the dashboard', async () => {
    const { requests } = subscriptionsApi({
      rows: everyStatus,
      handlers: {
        'POST /api/user-subscriptions/set-status': () => ({
          status: 200,
          body: { data: subscription(2), message: 'La renovación automática fue activada.' },
        }),
      },
    });
    const { user, pathname } = await openAccount();
    await user.click(await screen.findByRole('button', { name: 'Activar la suscripción Plan B' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')[0]?.body).toEqual({
      id: 2,
      status: 'ACTIVE',
    });
  });

  it('Subscribe stores the id and goes to the invoice details', async () => {
    const { requests } = subscriptionsApi({
      rows: everyStatus,
      // The details page reads the stored id (an id the server does not know would be dropped).
      handlers: {
        'GET /api/user-subscriptions/4': () => ({ status: 200, body: { data: everyStatus[3] } }),
      },
    });
    const { user, pathname } = await openAccount();
    await user.click(await screen.findByRole('button', { name: 'Suscribirme a Plan D' }));

    await waitFor(() => expect(pathname()).toBe('/factura/detalles'));
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/user-subscriptions/4')).toBe(true),
    );
    expect(localStorage.getItem('subscription')).toBe('4');
  });

  it('turning renewal off asks first, naming the date access ends, then sends PAUSE', async () => {
    let current = subscription(1);
    const { requests } = subscriptionsApi({
      handlers: {
        'GET /api/user-subscriptions': () => ({ status: 200, body: subscriptionPage([current]) }),
        'POST /api/user-subscriptions/set-status': () => {
          current = subscription(1, {
            status: 'Pause',
            auto_renew: false,
            payment_notice: 'pause',
          });
          return {
            status: 200,
            body: {
              data: current,
              message:
                'La renovación automática está desactivada. Mantienes el acceso hasta el 31/03/2026.',
            },
          };
        },
      },
    });
    const { user } = await openAccount();
    const toggle = await screen.findByRole('switch', {
      name: 'Renovación automática de PAES Mensual',
    });
    await user.click(toggle);

    const dialog = await findDialog('¿Desactivar la renovación automática?');
    expect(dialog).toHaveTextContent('Mantendrás el acceso hasta el 31/03/2026.');
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar renovación' }));

    expect(
      await within(subscriptionsCard()).findByText(
        'La renovación automática está desactivada. Mantienes el acceso hasta el 31/03/2026.',
      ),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')[0]?.body).toEqual({
      id: 1,
      status: 'PAUSE',
    });
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(
      within(subscriptionsCard()).getByText(
        'La renovación automática está desactivada: tienes acceso hasta el 31/03/2026.',
      ),
    ).toBeInTheDocument();
  });

  it('cancels a trial from its toggle: nothing is charged, access until the trial ends', async () => {
    const trial = subscription(1, {
      status: 'Trial',
      subscription_end: '2026-04-05T23:30:00.000Z',
      trial_ends_at: '2026-04-05T23:30:00.000Z',
    });
    const { requests } = subscriptionsApi({
      rows: [trial],
      handlers: {
        'POST /api/user-subscriptions/set-status': () => ({
          status: 200,
          body: {
            data: { ...trial, auto_renew: false },
            message:
              'Cancelaste tu prueba: no se hará ningún cobro a tu tarjeta. Mantienes el acceso hasta el 05/04/2026.',
          },
        }),
      },
    });
    const { user } = await openAccount();
    const toggle = await screen.findByRole('switch', {
      name: 'Cobro al terminar la prueba de PAES Mensual',
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);

    const dialog = await findDialog('¿Cancelar tu período de prueba?');
    expect(dialog).toHaveTextContent(
      'No se hará ningún cobro a tu tarjeta por PAES Mensual. Mantendrás el acceso a tus materias hasta el 05/04/2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar la prueba' }));
    expect(
      await within(subscriptionsCard()).findByText(/^Cancelaste tu prueba/),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')[0]?.body).toEqual({
      id: 1,
      status: 'PAUSE',
    });
  });

  it('offers the packages to a student without subscriptions, or with ended ones only', async () => {
    subscriptionsApi({ rows: [] });
    const first = await openAccount();
    const card = subscriptionsCard();
    expect(
      await within(card).findByText(/Aún no tienes suscripciones\. Elige un paquete/),
    ).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute(
      'href',
      '/paquetes',
    );
    first.unmount();

    subscriptionsApi({ rows: [subscription(7, { status: 'Canceled', has_access: false })] });
    await openAccount();
    expect(
      await within(subscriptionsCard()).findByText(/Tus suscripciones terminaron/),
    ).toBeVisible();
    expect(within(subscriptionsCard()).getByRole('link', { name: 'Ver paquetes' })).toBeVisible();
  });

  it('offers no packages while a subscription gives access', async () => {
    subscriptionsApi();
    await openAccount();
    await within(subscriptionsCard()).findByText('PAES Mensual');
    expect(within(subscriptionsCard()).queryByRole('link', { name: 'Ver paquetes' })).toBeNull();
  });

  it('keeping renewal in the confirmation sends nothing', async () => {
    const { requests } = subscriptionsApi();
    const { user } = await openAccount();
    const toggle = await screen.findByRole('switch', {
      name: 'Renovación automática de PAES Mensual',
    });
    await user.click(toggle);
    const dialog = await findDialog('¿Desactivar la renovación automática?');
    await user.click(within(dialog).getByRole('button', { name: 'Mantener renovación' }));

    expect(toggle).toBeChecked();
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')).toHaveLength(0);
  });

  it('turning renewal on sends ACTIVE and says renewal was activated', async () => {
    let current = subscription(1, { status: 'Pause', auto_renew: false });
    const { requests } = subscriptionsApi({
      handlers: {
        'GET /api/user-subscriptions': () => ({ status: 200, body: subscriptionPage([current]) }),
        'POST /api/user-subscriptions/set-status': () => {
          current = subscription(1);
          return {
            status: 200,
            body: { data: current, message: 'La renovación automática fue activada.' },
          };
        },
      },
    });
    const { user } = await openAccount();
    const toggle = await screen.findByRole('switch', {
      name: 'Renovación automática de PAES Mensual',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    expect(
      await within(subscriptionsCard()).findByText('La renovación automática fue activada.'),
    ).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/user-subscriptions/set-status')[0]?.body).toEqual({
      id: 1,
      status: 'ACTIVE',
    });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it("a refused change shows the server's message and leaves the toggle as it was", async () => {
    subscriptionsApi({
      rows: [subscription(1, { status: 'Pause', auto_renew: false })],
      handlers: {
        'POST /api/user-subscriptions/set-status': () => ({
          status: 422,
          body: {
            message: 'Esta suscripción terminó. Suscríbete de nuevo para continuar.',
            errors: { status: ['Esta suscripción terminó. Suscríbete de nuevo para continuar.'] },
          },
        }),
      },
    });
    const { user } = await openAccount();
    const toggle = await screen.findByRole('switch', {
      name: 'Renovación automática de PAES Mensual',
    });
    await user.click(toggle);

    const dialog = await findDialog('Error');
    expect(dialog).toHaveTextContent(
      'Esta suscripción terminó. Suscríbete de nuevo para continuar.',
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(subscriptionsCard()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows payment notices: a declined payment with its retry date, and a payment given up on', async () => {
    subscriptionsApi({
      rows: [
        subscription(1, {
          status: 'Pending_payment',
          payment_notice: 'open',
          open_invoice: {
            id: 9,
            number: 'ENS-2026-000009',
            total: 9990,
            attempt_count: 2,
            next_attempt_at: '2026-04-03T23:30:00.000Z',
          },
        }),
        subscription(2, {
          status: 'Canceled',
          payment_notice: 'uncollectible',
          package: { ...subscription(1).package, name: 'Plan B' },
        }),
      ],
    });
    await openAccount();

    expect(
      await screen.findByText(
        'Tu último pago fue rechazado. Agrega un medio de pago válido; el pago se volverá a intentar el 03/04/2026.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/No pudimos cobrar el pago después de varios intentos/),
    ).toBeInTheDocument();
  });
});

describe('account page: invoices table', () => {
  it('shows number, package, period, net, VAT and total in CLP, status and paid date', async () => {
    subscriptionsApi({
      invoices: [
        invoice(2, { status: 'open', paid_at: null, total: 19990, net: 16798, vat: 3192 }),
        invoice(1),
      ],
    });
    await openAccount();
    await screen.findByRole('heading', { name: 'Mis boletas' });

    const paid = await rowOf('ENS-2026-000001');
    const cells = within(paid)
      .getAllByRole('cell')
      .map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual([
      'ENS-2026-000001',
      'PAES Mensual',
      '01/03/2026 al 31/03/2026',
      '$8.395',
      '$1.595',
      '$9.990',
      'Pagada',
      '01/03/2026',
    ]);
    const open = await rowOf('ENS-2026-000002');
    expect(within(open).getByText('Pendiente')).toBeInTheDocument();
    expect(within(open).getByText('$19.990')).toBeInTheDocument();
  });

  it('asks the server for each page of invoices', async () => {
    const { requests } = subscriptionsApi({
      invoices: Array.from({ length: 10 }, (_, index) => invoice(index + 1)),
      invoicesTotal: 25,
    });
    const { user } = await openAccount();
    await screen.findByText('25 boletas');
    const pages = within(invoicesCard()).getByRole('navigation', { name: 'Páginas' });
    expect(pages).toHaveTextContent('Página 1 de 3');
    await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    await user.click(within(pages).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/api/invoices').at(-1)?.search).toBe('?page=3&per_page=10'),
    );
    expect(pages).toHaveTextContent('Página 3 de 3');
    await user.click(within(pages).getByRole('button', { name: 'Anterior' }));
    await waitFor(() =>
      expect(calls(requests, 'GET', '/api/invoices').at(-1)?.search).toBe('?page=2&per_page=10'),
    );
  });

  it('shows no pager when everything fits on one page', async () => {
    subscriptionsApi({ invoices: [invoice(1), invoice(2)] });
    await openAccount();
    await rowOf('ENS-2026-000002');
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    subscriptionsApi({ rows: [], invoices: [] });
    await openAccount();
    expect(await screen.findByText('Aún no tienes suscripciones.')).toBeInTheDocument();
    expect(await screen.findByText('Aún no tienes boletas.')).toBeInTheDocument();
  });
});
