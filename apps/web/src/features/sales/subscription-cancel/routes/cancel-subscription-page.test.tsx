import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../../lib/i18n.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { subscription, subscriptionPage } from '../../../../test/subscription-fixtures.ts';

type Handlers = Parameters<typeof installFakeApi>[0];

const questions = [
  {
    key: 'reason',
    field_type: 'radio',
    required: true,
    question: { es: '¿Por qué cancelas?', en: 'Why are you cancelling?' },
    options: [
      { value: 'price', label: { es: 'El precio es muy alto', en: 'The price is too high' } },
      { value: 'other', label: { es: 'Otro motivo', en: 'Another reason' } },
    ],
  },
  {
    key: 'improvement',
    field_type: 'textarea',
    required: true,
    max_length: 500,
    question: { es: '¿Qué podríamos mejorar?', en: 'What could we improve?' },
  },
  {
    key: 'comment',
    field_type: 'text',
    required: false,
    max_length: 200,
    question: { es: '¿Algo más?', en: 'Anything else?' },
  },
];

function cancelApi({
  active = [subscription(8)],
  handlers = {} as Handlers,
}: { active?: ReturnType<typeof subscription>[]; handlers?: Handlers } = {}) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/user-subscriptions': () => ({ status: 200, body: subscriptionPage(active) }),
    'GET /api/feedback-builder': () => ({ status: 200, body: { data: questions } }),
    'POST /api/user-subscriptions/feedback': () => ({
      status: 200,
      body: {
        data: subscription(8, { status: 'Pause', auto_renew: false, payment_notice: 'pause' }),
        message: 'Gracias.',
      },
    }),
    ...handlers,
  });
}

const feedbackCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/user-subscriptions/feedback');

async function openFeedbackStep() {
  const view = renderApp('/cancelar/subscripcion');
  await view.user.click(await screen.findByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { name: 'Cuéntanos por qué te vas' });
  return view;
}

const reasonGroup = () => screen.getByRole('group', { name: /¿Por qué cancelas\?/ });
const improvementBox = () => screen.getByRole('textbox', { name: /¿Qué podríamos mejorar\?/ });

describe('cancel wizard', () => {
  it('on a direct visit, step 1 shows the newest Active subscription: end, package, subjects', async () => {
    const { requests } = cancelApi();
    const { user, pathname } = renderApp('/cancelar/subscripcion');

    expect(await screen.findByRole('heading', { name: 'Antes de cancelar' })).toBeVisible();
    expect(requests.find((r) => r.path === '/api/user-subscriptions')?.search).toBe(
      '?status=Active&page=1&per_page=1',
    );
    expect(screen.getByText('PAES Mensual')).toBeInTheDocument();
    expect(screen.getByText('Competencia Lectora, Matemática M1')).toBeInTheDocument();
    expect(screen.getByText('31/03/2026')).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'Pasos para cancelar' });
    expect(within(steps).getByText('Aviso').closest('li')).toHaveAttribute('aria-current', 'step');

    await user.click(screen.getByRole('button', { name: 'Volver al inicio' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it("says 'todas' for a package with every subject", async () => {
    cancelApi({ active: [subscription(8, { all_subjects: true })] });
    renderApp('/cancelar/subscripcion');
    expect(await screen.findByText('todas')).toBeInTheDocument();
  });

  it('says so, with a link to the account, when there is no Active subscription', async () => {
    cancelApi({ active: [] });
    renderApp('/cancelar/subscripcion');
    expect(
      await screen.findByRole('heading', { name: 'No tienes una suscripción activa' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir a mi cuenta' })).toHaveAttribute(
      'href',
      '/cuenta/editar',
    );
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it('goes through the three steps: notice, feedback sent, confirmation, then the dashboard', async () => {
    const { requests } = cancelApi();
    const { user, pathname } = await openFeedbackStep();

    // The questions of the builder, in Spanish, required ones marked.
    expect(reasonGroup()).toHaveTextContent('*');
    expect(improvementBox()).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: '¿Algo más?' })).toHaveAttribute(
      'aria-required',
      'false',
    );

    await user.click(within(reasonGroup()).getByRole('radio', { name: 'El precio es muy alto' }));
    await user.type(improvementBox(), '  Más preguntas de M2  ');
    await user.click(screen.getByRole('button', { name: 'Cancelar la renovación' }));

    expect(
      await screen.findByRole('heading', { name: 'La renovación automática está desactivada' }),
    ).toBeVisible();
    expect(feedbackCalls(requests)[0]?.body).toEqual({
      id: 8,
      feedback: { reason: 'price', improvement: 'Más preguntas de M2' },
    });
    expect(
      screen.getByText(
        'Tu suscripción PAES Mensual no se renovará. Mantienes el acceso hasta el 31/03/2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/puedes activarla de nuevo desde tu cuenta/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mi cuenta' })).toHaveAttribute(
      'href',
      '/cuenta/editar',
    );

    await user.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('asks for the required answers before sending anything', async () => {
    const { requests } = cancelApi();
    const { user } = await openFeedbackStep();

    await user.type(improvementBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Cancelar la renovación' }));

    expect(await screen.findByText('Por favor completa los campos requeridos.')).toBeVisible();
    expect(within(reasonGroup()).getByText('Por favor responde esta pregunta.')).toBeVisible();
    expect(improvementBox()).toHaveAccessibleDescription('Por favor responde esta pregunta.');
    expect(screen.getAllByText('Por favor responde esta pregunta.')).toHaveLength(2);
    expect(feedbackCalls(requests)).toHaveLength(0);

    // Answering a question clears its message.
    await user.click(within(reasonGroup()).getByRole('radio', { name: 'Otro motivo' }));
    expect(within(reasonGroup()).queryByText('Por favor responde esta pregunta.')).toBeNull();
  });

  it('takes at most 500 characters in the textarea, counting them', async () => {
    cancelApi();
    const { user } = await openFeedbackStep();
    const box = improvementBox();
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toHaveAttribute('maxlength', '500');

    await user.click(box);
    await user.paste('a'.repeat(510));
    expect(box).toHaveValue('a'.repeat(500));
    expect(screen.getByText('500 / 500')).toBeInTheDocument();
  });

  it("shows the server's messages under their questions", async () => {
    cancelApi({
      handlers: {
        'POST /api/user-subscriptions/feedback': () => ({
          status: 422,
          body: {
            message: 'Por favor completa los campos requeridos.',
            errors: {
              'feedback.reason': ['Elige una de las opciones.'],
              'feedback.comment': ['Debe tener como máximo 200 caracteres.'],
            },
          },
        }),
      },
    });
    const { user } = await openFeedbackStep();
    await user.click(within(reasonGroup()).getByRole('radio', { name: 'Otro motivo' }));
    await user.type(improvementBox(), 'Nada');
    await user.click(screen.getByRole('button', { name: 'Cancelar la renovación' }));

    expect(await within(reasonGroup()).findByText('Elige una de las opciones.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: '¿Algo más?' })).toHaveAccessibleDescription(
      'Debe tener como máximo 200 caracteres.',
    );
    expect(improvementBox()).not.toHaveAccessibleDescription();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Por favor completa los campos requeridos.',
    );
    // Still on the form.
    expect(screen.getByRole('heading', { name: 'Cuéntanos por qué te vas' })).toBeVisible();
  });

  it('asks the questions in English when the interface is in English', async () => {
    setLanguage('en');
    cancelApi();
    const { user } = renderApp('/cancelar/subscripcion');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('group', { name: /Why are you cancelling\?/ })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'The price is too high' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /What could we improve\?/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Before you cancel' })).toBeVisible();
  });
});
