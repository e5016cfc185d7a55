import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptState } from '@ensaya/core/contracts/engine';
import type { ScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { setLanguage } from '../../../../lib/i18n.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeAttempt } from '../../../../engine-kit/test/engine-fixtures.ts';
import { clockTime } from '../lib/countdown.ts';
import {
  examResults,
  formContent,
  makeExam,
  sealForTest,
} from '../test/scheduled-exam-fixtures.ts';

vi.mock('../../../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => sessionStorage.clear());

const MINUTE = 60_000;
const CONTENT_URL = '/api/scheduled-exams/4/content';
type Handlers = Parameters<typeof installFakeApi>[0];

/** The ensayo's attempt as `GET /api/user-tests/77` answers it from the start: state only. */
function startedAttempt(startsAt: string): AttemptState {
  const full = makeAttempt(3, { id: 77, mode: 'mock_exam', type: 'official', seconds: 140 * 60 });
  return {
    ...full,
    begun_at: startsAt,
    deadline_at: new Date(new Date(startsAt).getTime() + 140 * MINUTE).toISOString(),
    server_now: new Date().toISOString(),
    content_url: CONTENT_URL,
    questions: full.questions.map(
      ({ statement_html: _s, url_source: _u, context: _c, choices, ...question }) => ({
        ...question,
        choices: choices.map(({ id, label }) => ({ id, label })),
      }),
    ),
  };
}

/**
 * The API of the ensayo's page: `exam` is what the server knows now (a test changes it), each
 * answer carries the server's clock (the device's, fake or not).
 */
function examApi(first: ScheduledExam, handlers: Handlers = {}) {
  const server = { exam: first };
  const answer = () => ({
    status: 200,
    body: { data: { ...server.exam, server_now: new Date().toISOString() } },
  });
  const api = installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/scheduled-exams': () => ({ status: 200, body: { data: [server.exam] } }),
    'GET /api/scheduled-exams/4': answer,
    'POST /api/scheduled-exams/4/join': () => {
      server.exam = {
        ...server.exam,
        joined: true,
        participant_count: server.exam.participant_count + 1,
      };
      return answer();
    },
    ...handlers,
  });
  return { ...api, server };
}

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

/** Fake timers that follow real time too, so the page's requests and renders go on. */
function fakeClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

describe('scheduled ensayo page', () => {
  it('before the waiting room: what it is and a countdown to the room', async () => {
    const now = Date.now();
    const { requests } = examApi(makeExam(now, 60 * MINUTE));
    renderApp('/ensayo-nacional/4');

    expect(
      await screen.findByRole('heading', { name: 'Ensayo nacional M1 de marzo', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('La sala abre en')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(45:00|44:5\d)$/);
    expect(
      screen.getByText('La sala de espera abre 15 minutos antes del inicio.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Comienza el ${formatDateTime(new Date(now + 60 * MINUTE))}`),
    ).toBeInTheDocument();
    expect(screen.getByText('65 preguntas de Competencia Matemática 1 (M1)')).toBeInTheDocument();
    expect(
      screen.getByText('Duración: 140 minutos, el mismo reloj para todos'),
    ).toBeInTheDocument();
    expect(screen.getByText('120 estudiantes inscritos')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Entrar a la sala de espera' }),
    ).not.toBeInTheDocument();
    // Nothing of the form before joining.
    expect(requests.some((request) => request.path.startsWith('/api/scheduled-exams/4/'))).toBe(
      false,
    );
  });

  it('opens the room when the clock reaches it, reading the ensayo again once', async () => {
    fakeClock();
    const { requests, server } = examApi(makeExam(Date.now(), 15 * MINUTE + 2000));
    renderApp('/ensayo-nacional/4');
    await screen.findByText('La sala abre en');
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:0[12]$/);
    server.exam = { ...server.exam, state: 'waiting_room' };

    for (let second = 0; second < 4; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(
      await screen.findByRole('button', { name: 'Entrar a la sala de espera' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Comienza en')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(14:5\d)$/);
    // Crossing the opening reads the ensayo again: once, not on every render for a second and a
    // half (a whole cohort's pages cross it together).
    for (let second = 0; second < 3; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    expect(sent(requests, 'GET', '/api/scheduled-exams/4')).toHaveLength(2);
  });

  it('joins the waiting room, downloads the sealed form once and says so', async () => {
    const { sealed } = await sealForTest(formContent);
    const { requests } = examApi(makeExam(Date.now(), 10 * MINUTE), {
      'GET /api/scheduled-exams/4/sealed': () => ({ status: 200, body: { data: sealed } }),
    });
    const { user } = renderApp('/ensayo-nacional/4');

    const join = await screen.findByRole('button', { name: 'Entrar a la sala de espera' });
    expect(screen.getByText('Comienza en')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(sent(requests, 'GET', '/api/scheduled-exams/4/sealed')).toHaveLength(0);

    await user.click(join);
    expect(
      await screen.findByText(
        'Ensayo descargado y sellado en este equipo: nadie puede leerlo antes del inicio.',
      ),
    ).toBeInTheDocument();
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/join')).toHaveLength(1);
    expect(
      screen.getByText(
        'Estás en la sala de espera. No cierres esta página: cuando llegue la hora, el ensayo se abrirá solo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Comienza en')).toBeInTheDocument();
    expect(screen.getByText('121 estudiantes inscritos')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Entrar a la sala de espera' }),
    ).not.toBeInTheDocument();
    expect(sent(requests, 'GET', '/api/scheduled-exams/4/sealed')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('ensaya.sealedExam.4')!)).toEqual(sealed);
    // The key only at the start.
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(0);
  });

  it('reads the sealed copy kept on the device, and retries a failed download', async () => {
    const { sealed } = await sealForTest(formContent);
    localStorage.setItem('ensaya.sealedExam.4', JSON.stringify(sealed));
    const kept = examApi(makeExam(Date.now(), 10 * MINUTE, { joined: true }));
    const first = renderApp('/ensayo-nacional/4');
    expect(await screen.findByText(/Ensayo descargado y sellado/)).toBeInTheDocument();
    expect(sent(kept.requests, 'GET', '/api/scheduled-exams/4/sealed')).toHaveLength(0);
    first.unmount();
    localStorage.clear();

    let failures = 1;
    const { requests } = examApi(makeExam(Date.now(), 10 * MINUTE, { joined: true }), {
      'GET /api/scheduled-exams/4/sealed': () =>
        failures-- > 0
          ? { status: 503, body: { message: 'Ocupado' } }
          : { status: 200, body: { data: sealed } },
    });
    renderApp('/ensayo-nacional/4');
    expect(await screen.findByText(/No pudimos descargar el ensayo todavía/)).toBeInTheDocument();
    expect(
      await screen.findByText(/Ensayo descargado y sellado/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(sent(requests, 'GET', '/api/scheduled-exams/4/sealed')).toHaveLength(2);
  });

  it('at the start asks only for the key, opens the form on the device and goes to the exam', async () => {
    const { sealed, key } = await sealForTest(formContent);
    fakeClock();
    const startsAt = new Date(Date.now() + 10_000).toISOString();
    let keyAnswers = 0;
    const { requests } = examApi(makeExam(Date.now(), 10_000, { joined: true, user_test_id: 77 }), {
      'GET /api/scheduled-exams/4/sealed': () => ({ status: 200, body: { data: sealed } }),
      // The device's clock a little ahead of the server's: the first ask is early.
      'POST /api/scheduled-exams/4/key': () =>
        keyAnswers++ === 0
          ? { status: 409, body: { message: 'El ensayo aún no comienza.' } }
          : {
              status: 200,
              body: {
                data: {
                  key,
                  version: 'v1',
                  user_test_id: 77,
                  content_url: CONTENT_URL,
                  begun_at: startsAt,
                  deadline_at: new Date(new Date(startsAt).getTime() + 140 * MINUTE).toISOString(),
                  server_now: new Date().toISOString(),
                },
              },
            },
      'GET /api/user-tests/77': () => ({
        status: 200,
        body: { data: startedAttempt(startsAt) },
      }),
      'GET /api/user-tests/77/annotations': () => ({
        status: 200,
        body: { data: { strikes: [], highlights: [], seq: 0 } },
      }),
    });
    const { pathname, queryClient } = renderApp('/ensayo-nacional/4');
    expect(await screen.findByText(/Ensayo descargado y sellado/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:(10|09|08)$/);
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(1),
    );
    expect(screen.getByText('Abriendo el ensayo…')).toBeInTheDocument();
    // A 409 is asked again a second later, and not reported as a failure.
    expect(screen.queryByText(/No pudimos abrir el ensayo/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));

    expect(
      await screen.findByRole('heading', { name: 'Pregunta 1 de 3' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/test/ensayo');
    expect(screen.getByText('Enunciado 1')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ })).toBeInTheDocument();
    expect(queryClient.getQueryData(['content', CONTENT_URL])).toEqual(formContent);
    expect(sent(requests, 'GET', '/api/user-tests/77')).toHaveLength(1);
    expect(sent(requests, 'GET', '/api/scheduled-exams/4/sealed')).toHaveLength(1);
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(2);
    // The content never comes from the server: the form was on the device.
    expect(requests.some((request) => request.path === CONTENT_URL)).toBe(false);
    // The key is kept beside the copy: a reload opens the form without the network.
    expect(JSON.parse(localStorage.getItem('ensaya.sealedExamKey.4')!)).toEqual({
      key,
      version: 'v1',
    });
  });

  it('keeps asking for the key while it fails, and stops once the student leaves the page', async () => {
    const { sealed } = await sealForTest(formContent);
    fakeClock();
    const { requests } = examApi(makeExam(Date.now(), -1 * MINUTE, { joined: true }), {
      'GET /api/scheduled-exams/4/sealed': () => ({ status: 200, body: { data: sealed } }),
      'POST /api/scheduled-exams/4/key': () => ({ status: 503, body: { message: 'Ocupado' } }),
    });
    const view = renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByText(
        'No pudimos abrir el ensayo. Revisa tu conexión: lo seguimos intentando.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver al ensayo' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() =>
      expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(2),
    );

    view.unmount();
    const asked = sent(requests, 'POST', '/api/scheduled-exams/4/key').length;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/key')).toHaveLength(asked);
  });

  it('a late joiner is told when their clock ends and goes straight to the exam', async () => {
    const { sealed, key } = await sealForTest(formContent);
    const now = Date.now();
    const startsAt = new Date(now - 10 * MINUTE).toISOString();
    const { requests } = examApi(makeExam(now, -10 * MINUTE), {
      'GET /api/scheduled-exams/4/sealed': () => ({ status: 200, body: { data: sealed } }),
      'POST /api/scheduled-exams/4/key': () => ({
        status: 200,
        body: {
          data: {
            key,
            version: 'v1',
            user_test_id: 77,
            content_url: CONTENT_URL,
            begun_at: startsAt,
            deadline_at: new Date(now + 130 * MINUTE).toISOString(),
            server_now: new Date().toISOString(),
          },
        },
      }),
      'GET /api/user-tests/77': () => ({ status: 200, body: { data: startedAttempt(startsAt) } }),
      'GET /api/user-tests/77/annotations': () => ({
        status: 200,
        body: { data: { strikes: [], highlights: [], seq: 0 } },
      }),
    });
    const { user, pathname } = renderApp('/ensayo-nacional/4');

    expect(
      await screen.findByText(
        `El ensayo ya comenzó. Si entras ahora, tu reloj es el de todos: termina a las ${clockTime(
          new Date(now + 130 * MINUTE).toISOString(),
        )}.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entrar ahora' }));

    expect(
      await screen.findByRole('heading', { name: 'Pregunta 1 de 3' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(pathname()).toBe('/test/ensayo');
    expect(sent(requests, 'POST', '/api/scheduled-exams/4/join')).toHaveLength(1);
    expect(requests.some((request) => request.path === CONTENT_URL)).toBe(false);
  });

  it('says that joining closed once the late joins are over', async () => {
    examApi(makeExam(Date.now(), -40 * MINUTE));
    renderApp('/ensayo-nacional/4');
    expect(await screen.findByText('Ya no se puede entrar a este ensayo.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Ensayo nacional M1 de marzo' })).queryByRole(
        'button',
      ),
    ).not.toBeInTheDocument();
  });

  it('after sending: when the results come, without asking for the form again', async () => {
    const now = Date.now();
    const exam = makeExam(now, -60 * MINUTE, { joined: true, submitted: true, user_test_id: 77 });
    const { requests } = examApi(exam);
    renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByText(
        `Enviaste tus respuestas. Los resultados de todos estarán a las ${formatDateTime(exam.ends_at)}, o antes si todos terminan antes.`,
      ),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/scheduled-exams/4/'))).toBe(
      false,
    );
  });

  it('while the results are worked out, reads again until they are ready, then shows them', async () => {
    fakeClock();
    let isReady = false;
    const { requests, server } = examApi(
      makeExam(Date.now(), -150 * MINUTE, {
        state: 'closing',
        joined: true,
        submitted: true,
        user_test_id: 77,
      }),
      {
        // 409 while the cohort's figures are worked out, then the results.
        'GET /api/scheduled-exams/4/results': () =>
          isReady
            ? { status: 200, body: { data: examResults } }
            : { status: 409, body: { message: 'Los resultados aún no están listos.' } },
      },
    );
    renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByText(
        'Todos terminaron el ensayo. Estamos calculando los resultados: aparecerán aquí en unos segundos.',
      ),
    ).toBeInTheDocument();
    isReady = true;
    server.exam = { ...server.exam, state: 'closed' };
    await act(() => vi.advanceTimersByTimeAsync(5100));

    const summary = await screen.findByRole('region', { name: 'Tus resultados' });
    expect(within(summary).getByText('712')).toBeInTheDocument();
    expect(summary).toHaveTextContent('48 de 65 correctas');
    expect(summary).toHaveTextContent(
      'Te fue mejor que al 73 % de los 250 estudiantes que lo rindieron.',
    );
    expect(summary).toHaveTextContent('Promedio de todos: 605 puntos');
    expect(within(summary).getByRole('link', { name: 'Revisar mis respuestas' })).toHaveAttribute(
      'href',
      '/resultado?id=77',
    );

    const distribution = screen.getByRole('table', {
      name: 'Cantidad de estudiantes por tramo de puntaje',
    });
    expect(within(distribution).getByRole('row', { name: '700–750 (Tú) 12' })).toBeInTheDocument();

    const themes = within(screen.getByRole('region', { name: 'Por eje temático' })).getByRole(
      'table',
    );
    expect(
      within(themes)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Eje', 'Tus correctas', 'Correctas de todos']);
    const numbers = within(themes).getByRole('row', { name: /Números/ });
    expect(
      within(numbers)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['80 %', '61 %']);
    const algebra = within(themes).getByRole('row', { name: /Álgebra y funciones/ });
    expect(
      within(algebra)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['64 %', '56 %']);
    // Once refused while worked out, once answered.
    expect(sent(requests, 'GET', '/api/scheduled-exams/4/results')).toHaveLength(2);
  });

  it('tells a student who did not sit a closed ensayo, and a cancelled one', async () => {
    examApi(makeExam(Date.now(), -300 * MINUTE, { state: 'closed', joined: true }));
    const first = renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByText(
        'Este ensayo terminó y no lo rendiste. Atento al próximo en tu inicio.',
      ),
    ).toBeInTheDocument();
    first.unmount();

    examApi(makeExam(Date.now(), 60 * MINUTE, { state: 'cancelled', joined: true }));
    renderApp('/ensayo-nacional/4');
    expect(await screen.findByText('Este ensayo fue cancelado.')).toBeInTheDocument();
  });

  it('says when the ensayo does not exist', async () => {
    examApi(makeExam(Date.now(), 60 * MINUTE), {
      'GET /api/scheduled-exams/4': () => ({ status: 404, body: { message: 'No encontrado.' } }),
    });
    const first = renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByText('Este ensayo no existe o no está disponible para tus asignaturas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    first.unmount();

    const { requests } = examApi(makeExam(Date.now(), 60 * MINUTE));
    renderApp('/ensayo-nacional/abc');
    expect(
      await screen.findByText('Este ensayo no existe o no está disponible para tus asignaturas.'),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/api/scheduled-exams'))).toBe(false);
  });

  it('speaks English', async () => {
    setLanguage('en');
    examApi(makeExam(Date.now(), 10 * MINUTE));
    renderApp('/ensayo-nacional/4');
    expect(
      await screen.findByRole('button', { name: 'Enter the waiting room' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Starts in')).toBeInTheDocument();
    expect(screen.getByText('65 Competencia Matemática 1 (M1) questions')).toBeInTheDocument();
    expect(screen.getByText('120 students joined')).toBeInTheDocument();
  });
});
