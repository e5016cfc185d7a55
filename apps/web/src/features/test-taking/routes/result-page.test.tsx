import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi } from '../../../test/fake-api.ts';
import { setLanguage } from '../../../lib/i18n.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeAttempt, result, storeControl } from '../test/engine-fixtures.ts';

vi.mock('../../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof installFakeApi>[0];

function resultApi(handlers: Handlers) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    ...handlers,
  });
}

function fact(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('result page', () => {
  it('shows the date in UTC, grade, time, totals, the chart and the pass message of a mock exam', async () => {
    resultApi({ 'GET /api/user-tests/55/result': () => ({ status: 200, body: { data: result } }) });
    renderApp('/resultado?id=55');

    await screen.findByRole('heading', { name: 'Resultado' });
    // Started 23:50 UTC on the 4th: the date is the UTC one, not the local one.
    expect(fact('Fecha')).toBe('04/03/2026');
    expect(fact('Puntaje')).toBe('34');
    expect(fact('Tiempo')).toBe('00:41:05');
    expect(fact('Preguntas')).toBe('35');
    expect(fact('Correctas')).toBe('31');
    expect(fact('Incorrectas')).toBe('3');
    expect(fact('Omitidas')).toBe('1');
    expect(screen.getByText('Aprobado')).toBeInTheDocument();
    expect(screen.getByText('Obtuviste 34 puntos; se aprueba con 33.')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Gráfico: 31 correctas, 3 incorrectas y 1 omitidas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Preguntas especiales .*: 4, 17, 30/)).toBeInTheDocument();
  });

  it('fails a practice test below 50 % and takes the attempt from the control context', async () => {
    storeControl({ userTestId: 56 });
    resultApi({
      'GET /api/user-tests/56/result': () => ({
        status: 200,
        body: {
          data: {
            ...result,
            user_test_id: 56,
            type: 'custom',
            mode: 'practice',
            score: 0,
            passed: false,
            total: 10,
            correct: 4,
            incorrect: 5,
            unanswered: 1,
            percentage: 40,
            // The server draws them for any class B attempt: a practice does not list them.
            special_numbers: [4, 17, 30],
          },
        },
      }),
    });
    renderApp('/resultado');

    expect(await screen.findByText('Reprobado')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Respondiste bien el 40 % de las preguntas; una práctica se aprueba con el 50 %.',
      ),
    ).toBeInTheDocument();
    expect(fact('Correctas')).toBe('4');
    expect(screen.queryByText(/Preguntas especiales/)).not.toBeInTheDocument();
  });

  it('counts one point in the singular in English and links to the review of the attempt', async () => {
    setLanguage('en');
    resultApi({
      'GET /api/user-tests/55/result': () => ({
        status: 200,
        body: { data: { ...result, score: 1, passed: false } },
      }),
    });
    const { user, pathname } = renderApp('/resultado?id=55');
    expect(await screen.findByText('You scored 1 point; the pass mark is 33.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review your answers' }));
    expect(pathname()).toBe('/revisar');
  });

  it('sends an attempt still running, with the answers this browser had not delivered', async () => {
    localStorage.setItem(
      'ensaya.pendingAnswers.55',
      JSON.stringify([{ stem_id: 101, stem_choice_ids: [1011], is_marked: false, seq: 9 }]),
    );
    const order: string[] = [];
    resultApi({
      'GET /api/user-tests/55/result': () => {
        order.push('result');
        return { status: 409, body: { message: 'En curso', in_progress_user_test_id: 55 } };
      },
      'POST /api/user-tests/55/stems': () => {
        order.push('stems');
        return {
          status: 200,
          body: { data: { saved: [{ stem_id: 101, seq: 9, applied: true }], revealed: [] } },
        };
      },
      'POST /api/user-tests/55/submit': () => {
        order.push('submit');
        return { status: 200, body: { data: result } };
      },
    });
    renderApp('/resultado?id=55');

    expect(await screen.findByText('Aprobado')).toBeInTheDocument();
    expect(order).toEqual(['result', 'stems', 'submit']);
    expect(localStorage.getItem('ensaya.pendingAnswers.55')).toBeNull();
  });

  it('finish resets the test state and goes to the dashboard', async () => {
    storeControl({ userTestId: 55 });
    localStorage.setItem('header', '0');
    resultApi({ 'GET /api/user-tests/55/result': () => ({ status: 200, body: { data: result } }) });
    const { user, pathname } = renderApp('/resultado');
    await screen.findByText('Aprobado');
    expect(localStorage.getItem('header')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Finalizar' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(JSON.parse(sessionStorage.getItem('control')!).userTestId).toBeNull();
  });

  it('a sent attempt opened on a test route shows its result', async () => {
    resultApi({
      'GET /api/user-tests/55': () => ({
        status: 200,
        body: { data: makeAttempt(3, { status: 'submitted', result }) },
      }),
      'GET /api/user-tests/55/result': () => ({ status: 200, body: { data: result } }),
    });
    const { pathname } = renderApp('/test/ensayo?id=55');

    const outcome = await screen.findByText('Aprobado');
    expect(within(outcome.closest('.result')!).getByText(/Examen teórico clase B/)).toBeVisible();
    expect(pathname()).toBe('/resultado');
  });
});
