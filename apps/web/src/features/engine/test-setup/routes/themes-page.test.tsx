import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { findDialog } from '../../../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeAttempt, setup, storeControl } from '../../../../engine-kit/test/engine-fixtures.ts';

afterEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof installFakeApi>[0];

function setupApi(handlers: Handlers = {}, subject: SubjectSetup = setup) {
  storeControl();
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/subjects/7/setup': () => ({ status: 200, body: { data: subject } }),
    'GET /api/periods/70': () => ({
      status: 200,
      body: {
        data: { id: 70, name: '2026', subject_id: 7, test_duration: 45, question_count: 35 },
      },
    }),
    'POST /api/user-tests': () => ({ status: 201, body: { data: makeAttempt(3) } }),
    'GET /api/themes-stats': () => ({ status: 200, body: { data: [] } }),
    'GET /api/review/due': () => ({ status: 200, body: { data: noReview } }),
    ...handlers,
  });
}

const noReview = {
  total: 0,
  due_before: '2026-03-03T03:00:00.000Z',
  session_max: 20,
  new_per_day: 20,
  subjects: [],
};

const themeStat = (theme_id: number, name: string, questions: number, correct: number) => ({
  theme_id,
  name,
  questions,
  correct,
  incorrect: questions - correct,
  unanswered: 0,
  correct_percentage: Math.round((correct / questions) * 1000) / 10,
});

async function openThemes() {
  const view = renderApp('/temas');
  await screen.findByRole('heading', { name: 'Configurar prueba' }, { timeout: 5000 });
  return view;
}

const starts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/user-tests');

async function fill(user: UserEvent, label: string, value: string) {
  const input = screen.getByRole('spinbutton', { name: label });
  await user.clear(input);
  if (value) await user.type(input, value);
}

const start = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Comenzar' }));

describe('practice setup', () => {
  it("shows the setup rules' messages under their fields and sends nothing", async () => {
    const { requests } = setupApi();
    const { user } = await openThemes();

    await user.click(screen.getByRole('radio', { name: 'Cantidad de preguntas' }));
    await fill(user, 'Número de preguntas', '0');
    await start(user);
    expect(screen.getByText('Debe seleccionar la cantidad de preguntas')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Rango de preguntas' }));
    expect(screen.getByText('Debe seleccionar un rango de preguntas')).toBeInTheDocument();
    await fill(user, 'Desde', '20');
    await fill(user, 'Hasta', '5');
    expect(screen.getByText('Rango de preguntas no válido')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Hasta' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await user.click(screen.getByRole('radio', { name: 'Por tema' }));
    expect(screen.getByText('Debe seleccionar un tema')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Señales de tránsito' }));
    expect(screen.queryByText('Debe seleccionar un tema')).not.toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Cantidad de Señales de tránsito' })).toHaveValue(
      '40',
    );

    await user.click(screen.getByRole('switch', { name: 'Temporizador' }));
    await fill(user, 'Horas', '0');
    await fill(user, 'Minutos', '0');
    expect(
      screen.getByText('Tiempo requerido: ingresa horas y minutos mayores que cero.'),
    ).toBeInTheDocument();
    await fill(user, 'Horas', '13');
    expect(screen.getByText('Las horas van de 0 a 12.')).toBeInTheDocument();
    await start(user);

    expect(starts(requests)).toHaveLength(0);
  });

  it('starts a practice test with the chosen themes and switches, then opens it', async () => {
    localStorage.setItem('header', '1');
    const { requests } = setupApi();
    const { user, pathname } = await openThemes();

    await user.click(screen.getByRole('radio', { name: 'Por tema' }));
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar Normas de tránsito' }));
    await fill(user, 'Cantidad de Normas de tránsito', '5');
    await user.click(screen.getByRole('switch', { name: 'Preguntas aleatorias' }));
    await user.click(screen.getByRole('switch', { name: 'Modo estudio' }));
    await user.click(screen.getByRole('switch', { name: 'Temporizador' }));
    await fill(user, 'Horas', '0');
    await fill(user, 'Minutos', '30');
    await start(user);

    await waitFor(() => expect(pathname()).toBe('/test'));
    expect(starts(requests)[0]!.body).toEqual({
      subject_id: 7,
      mode: 'practice',
      selection: { value: 4, themes: [{ theme_id: 71, quantity: 5 }] },
      random_question: true,
      random_answer: false,
      study_mode: true,
      timer: { hours: 0, minutes: 30 },
    });
    expect(JSON.parse(sessionStorage.getItem('control')!)).toMatchObject({
      userTestId: 55,
      type: 'custom',
    });
    expect(localStorage.getItem('header')).toBe('0');
    await findDialog('Instrucciones');
  });

  it("shows the server's field errors under the fields", async () => {
    setupApi({
      'POST /api/user-tests': () => ({
        status: 422,
        body: {
          message: 'No hay preguntas en ese rango.',
          errors: { 'selection.from': ['No hay preguntas en ese rango.'] },
        },
      }),
    });
    const { user } = await openThemes();

    await user.click(screen.getByRole('radio', { name: 'Rango de preguntas' }));
    await fill(user, 'Desde', '55');
    await fill(user, 'Hasta', '60');
    await start(user);

    expect(await screen.findByText('No hay preguntas en ese rango.')).toBeInTheDocument();
  });

  it('offers to resume the test in progress or to send it and start anew', async () => {
    let calls = 0;
    const { requests } = setupApi({
      'POST /api/user-tests': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              body: { message: 'Tienes una prueba en curso.', in_progress_user_test_id: 44 },
            }
          : { status: 201, body: { data: makeAttempt(3) } };
      },
    });
    const { user, pathname } = await openThemes();

    await start(user);
    const dialog = await findDialog('Tienes una prueba en curso');
    await user.click(within(dialog).getByRole('button', { name: 'Enviarla y comenzar otra' }));

    await waitFor(() => expect(pathname()).toBe('/test'));
    expect(
      starts(requests).map(
        (r) => (r.body as { replace_in_progress?: boolean }).replace_in_progress,
      ),
    ).toEqual([undefined, true]);
  });
});

describe('one-tap starts', () => {
  it('without history offers 10 questions to get started and starts them with one tap', async () => {
    const { requests } = setupApi();
    const { user, pathname } = await openThemes();

    const quick = screen.getByRole('region', { name: 'Empieza ya' });
    const review = within(quick).getByRole('button', { name: /Repaso de hoy/ });
    expect(review).toBeDisabled();
    expect(review).toHaveAccessibleDescription(/Nada que repasar hoy en esta materia/);
    const first = within(quick).getByRole('button', { name: /10 preguntas para empezar/ });
    expect(first).toHaveAccessibleDescription(/Aún no tienes respuestas en esta materia/);
    // The spec's form waits under "Personalizar", closed.
    expect(screen.getByText('Personalizar').closest('details')).not.toHaveAttribute('open');

    await user.click(first);
    await waitFor(() => expect(pathname()).toBe('/test'));
    expect(starts(requests)[0]!.body).toEqual({
      subject_id: 7,
      mode: 'practice',
      selection: {
        value: 4,
        themes: [
          { theme_id: 71, quantity: 5 },
          { theme_id: 72, quantity: 5 },
        ],
      },
      random_question: true,
      random_answer: false,
      study_mode: true,
      timer: null,
    });
  });

  it('with history draws from the weakest themes; today’s review starts the spaced review', async () => {
    const { requests } = setupApi({
      'GET /api/themes-stats': () => ({
        status: 200,
        body: {
          data: [
            themeStat(71, 'Normas de tránsito', 10, 9),
            themeStat(72, 'Señales de tránsito', 10, 3),
          ],
        },
      }),
      'GET /api/review/due': () => ({
        status: 200,
        body: {
          data: {
            ...noReview,
            total: 31,
            subjects: [
              { subject_id: 7, subject_name: 'Clase B', standard_test_id: 2, due: 31, queued: 40 },
            ],
          },
        },
      }),
      'POST /api/user-tests': () => ({
        status: 201,
        body: { data: makeAttempt(4, { mode: 'wrong_answers', wrong_source: 'review' }) },
      }),
    });
    const { user, pathname } = await openThemes();

    const quick = screen.getByRole('region', { name: 'Empieza ya' });
    expect(
      within(quick).getByRole('button', { name: /10 preguntas de tus temas más débiles/ }),
    ).toHaveAccessibleDescription(/De Señales de tránsito y Normas de tránsito/);
    const review = within(quick).getByRole('button', { name: /Repaso de hoy/ });
    // A session holds at most 20 of the 31 due.
    expect(review).toHaveAccessibleDescription(/Repaso espaciado: 20 preguntas/);
    await user.click(review);
    await waitFor(() => expect(pathname()).toBe('/revision'));
    expect(starts(requests)[0]!.body).toMatchObject({
      subject_id: 7,
      mode: 'wrong_answers',
      wrong_source: 'review',
    });
  });

  it('explains each way and switch under "Personalizar"', async () => {
    setupApi();
    const { user } = await openThemes();
    await user.click(screen.getByText('Personalizar'));
    expect(screen.getByText('Personalizar').closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('switch', { name: 'Modo estudio' })).toHaveAccessibleDescription(
      'Al responder cada pregunta ves si acertaste y su explicación.',
    );
    expect(screen.getByRole('switch', { name: 'Temporizador' })).toHaveAccessibleDescription(
      /límite de tiempo/,
    );
    expect(screen.getByText(/Todo el banco de la materia/)).toBeInTheDocument();
    expect(screen.getByText(/Marca los temas que quieres practicar/)).toBeInTheDocument();
  });
});

describe('mock exam setup', () => {
  it('describes the exam (questions, time, score) and starts it with one button', async () => {
    const { requests } = setupApi({
      'POST /api/user-tests': () => ({
        status: 201,
        body: { data: makeAttempt(3, { mode: 'mock_exam', type: 'official' }) },
      }),
    });
    const { user, pathname } = await openThemes();

    await user.click(screen.getByRole('tab', { name: 'Rendir ensayo' }));
    const card = await screen.findByRole('region', { name: 'Examen teórico clase B' });
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Normas de tránsito021');
    expect(rows[2]).toHaveTextContent('Señales de tránsito414');
    // A description, not a wall of disabled controls.
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('radio')).toBeNull();
    expect(within(card).getByText(/^35 preguntas de todos los temas/)).toBeInTheDocument();
    expect(within(card).getByText(/^45 minutos con cronómetro/)).toBeInTheDocument();
    expect(within(card).getByText(/apruebas con 33 puntos o más/)).toBeInTheDocument();
    expect(within(card).getAllByRole('button')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: 'Comenzar ensayo' }));

    await waitFor(() => expect(pathname()).toBe('/test/ensayo'));
    expect(starts(requests)[0]!.body).toMatchObject({ subject_id: 7, mode: 'mock_exam' });
    expect(JSON.parse(sessionStorage.getItem('control')!).type).toBe('official');
  });

  it('without access says so, links to the packages and keeps the exam tab closed', async () => {
    setupApi({}, { ...setup, has_access: false });
    await openThemes();

    expect(screen.getByText(/Tu suscripción no incluye esta materia/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute('href', '/paquetes');
    expect(screen.getByRole('tab', { name: 'Rendir ensayo' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Comenzar' })).toBeDisabled();
  });
});
