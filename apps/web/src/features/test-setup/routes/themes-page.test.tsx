import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubjectSetup } from '@ensaya/core/contracts/engine';
import { findDialog } from '../../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeAttempt, setup, storeControl } from '../../test-taking/test/engine-fixtures.ts';

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
    ...handlers,
  });
}

async function openThemes() {
  const view = renderApp('/temas');
  await screen.findByRole('heading', { name: 'Configurar prueba' });
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

describe('mock exam setup', () => {
  it('shows the fixed setup and the duration, and starts the mock exam', async () => {
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
    expect(within(card).getByRole('radio', { name: 'Todas las preguntas' })).toBeChecked();
    expect(within(card).getByRole('radio', { name: 'Por tema' })).toBeDisabled();
    expect(within(card).getByRole('switch', { name: 'Temporizador' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Modo estudio' })).not.toBeChecked();
    expect(within(card).getByRole('switch', { name: 'Respuestas aleatorias' })).toBeDisabled();
    expect(within(card).getByText('35 preguntas. Duración: 45 minutos.')).toBeInTheDocument();

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
