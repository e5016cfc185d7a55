import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import { formatTime } from '../../../../lib/format.ts';
import { setLanguage } from '../../../../lib/i18n.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeAttempt, result, storeControl } from '../../../../engine-kit/test/engine-fixtures.ts';

vi.mock('../../../../components/charts/echarts-runtime.ts', () => ({
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
    // Class B: the points large, out of 38 (35 questions and 3 specials), and by how much it passed.
    expect(document.querySelector('.result__score')).toHaveTextContent('34 de 38 puntos');
    expect(fact('Tiempo usado')).toBe('00:41:05');
    expect(fact('Preguntas')).toBe('35');
    expect(fact('Correctas')).toBe('31');
    expect(fact('Incorrectas')).toBe('3');
    expect(fact('Omitidas')).toBe('1');
    expect(screen.getByText('Aprobado')).toBeInTheDocument();
    expect(
      screen.getByText('Obtuviste 34 puntos: 1 sobre el mínimo de 33 para aprobar.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Gráfico: 31 correctas, 3 incorrectas y 1 omitidas' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Preguntas especiales .*: 4, 17, 30/)).toBeInTheDocument();
  });

  it('shows a practice as its percentage, never a score of 0, and its 50 % line kindly', async () => {
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

    expect(await screen.findByText('Todavía no llegas al 50 %')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Respondiste bien el 40 % de las preguntas. Una práctica se aprueba con el 50 % o más: revisa tus errores y vuelve a intentarlo.',
      ),
    ).toBeInTheDocument();
    expect(document.querySelector('.result__score')).toHaveTextContent('40 % 4 de 10 correctas');
    expect(screen.queryByText('Puntaje')).not.toBeInTheDocument();
    expect(screen.queryByText('Reprobado')).not.toBeInTheDocument();
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
    expect(
      await screen.findByText('You were 32 points short: you scored 1 and the pass mark is 33.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review your answers' }));
    expect(pathname()).toBe('/revisar');
  });

  it('says when the correct answers of an ensayo others still sit will show', async () => {
    const until = '2026-03-05T01:02:00.000Z';
    resultApi({
      'GET /api/user-tests/55/result': () => ({
        status: 200,
        body: { data: { ...result, key_withheld_until: until } },
      }),
    });
    renderApp('/resultado?id=55');

    expect(
      await screen.findByText(
        `Las respuestas correctas se mostrarán cuando todos terminen el ensayo (${formatTime(until)}).`,
      ),
    ).toBeInTheDocument();
    // The score and the counts are the student's already.
    expect(fact('Correctas')).toBe('31');
    expect(screen.getByRole('button', { name: 'Revisar tus respuestas' })).toBeInTheDocument();
  });

  it('says it in English, and not at all once the keys are shown', async () => {
    setLanguage('en');
    const until = '2026-03-05T01:02:00.000Z';
    resultApi({
      'GET /api/user-tests/55/result': () => ({
        status: 200,
        body: { data: { ...result, key_withheld_until: until } },
      }),
      'GET /api/user-tests/56/result': () => ({
        status: 200,
        body: { data: { ...result, user_test_id: 56, key_withheld_until: null } },
      }),
    });
    const first = renderApp('/resultado?id=55');
    expect(
      await screen.findByText(
        `The correct answers will show once everyone has finished the mock exam (${formatTime(until)}).`,
      ),
    ).toBeInTheDocument();
    first.unmount();

    renderApp('/resultado?id=56');
    expect(await screen.findByText('Passed')).toBeInTheDocument();
    expect(screen.queryByText(/The correct answers will show/)).not.toBeInTheDocument();
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

  it('waits for a result being scored (202) and shows it once ready', async () => {
    const order: string[] = [];
    resultApi({
      'GET /api/user-tests/55/result': () => {
        order.push('result');
        return order.length < 3
          ? {
              status: 202,
              body: { data: { user_test_id: 55, status: 'scoring', retry_after_s: 1 } },
            }
          : { status: 200, body: { data: result } };
      },
    });
    renderApp('/resultado?id=55');

    expect(await screen.findByText('Aprobado', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(order).toEqual(['result', 'result', 'result']);
  });

  it('leaving a running attempt: the submit acknowledged at once, then its result read', async () => {
    const order: string[] = [];
    resultApi({
      'GET /api/user-tests/55/result': () => {
        order.push('result');
        return order.includes('submit')
          ? { status: 200, body: { data: result } }
          : { status: 409, body: { message: 'En curso', in_progress_user_test_id: 55 } };
      },
      'POST /api/user-tests/55/submit': () => {
        order.push('submit');
        return {
          status: 202,
          body: { data: { user_test_id: 55, status: 'scoring', retry_after_s: 1 } },
        };
      },
    });
    renderApp('/resultado?id=55');

    expect(await screen.findByText('Aprobado')).toBeInTheDocument();
    expect(order).toEqual(['result', 'submit', 'result']);
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

  it('a PAES mock exam: the totals add up with the pilots said apart, where the student stands, each theme against the average and a one-tap practice of the weakest', async () => {
    const paes = {
      ...result,
      subject_id: 3,
      subject_name: 'Competencia Matemática M1',
      score: 420,
      passed: null,
      approval_grade: 458,
      approval_rule: 'application_average' as const,
      application_average: 387,
      total: 60,
      pilot_count: 5,
      correct: 30,
      incorrect: 25,
      unanswered: 5,
      percentage: 50,
      special_numbers: [],
      themes: [
        { theme_id: 31, name: 'Números', correct: 12, incorrect: 3, unanswered: 0 },
        { theme_id: 32, name: 'Álgebra y funciones', correct: 6, incorrect: 14, unanswered: 1 },
        { theme_id: 33, name: 'Geometría', correct: 6, incorrect: 5, unanswered: 1 },
        {
          theme_id: 34,
          name: 'Probabilidad y estadística',
          correct: 6,
          incorrect: 3,
          unanswered: 3,
        },
      ],
    };
    const { requests } = resultApi({
      'GET /api/user-tests/55/result': () => ({ status: 200, body: { data: paes } }),
      'GET /api/user-tests/55/comparison': () => ({
        status: 200,
        body: {
          data: {
            user_test_id: 55,
            students: 240,
            percentile: 38,
            themes: [
              { theme_id: 31, average_percentage: 61.2 },
              { theme_id: 32, average_percentage: 47.5 },
              { theme_id: 33, average_percentage: null },
              { theme_id: 34, average_percentage: 52 },
            ],
          },
        },
      }),
      'POST /api/user-tests': () => ({ status: 201, body: { data: makeAttempt(15, { id: 77 }) } }),
    });
    const { user } = renderApp('/resultado?id=55');

    expect(
      await screen.findByText('Te faltan 71 puntos en el promedio CL + M1 para postular'),
    ).toBeInTheDocument();
    expect(document.querySelector('.result__score')).toHaveTextContent('420 puntos PAES');
    expect(fact('Preguntas')).toBe('60 + 5 piloto');
    expect(Number(fact('Correctas')) + Number(fact('Incorrectas')) + Number(fact('Omitidas'))).toBe(
      60,
    );
    expect(screen.getByText(/5 piloto, que no se puntúan/)).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Te fue mejor que al 38 % de los estudiantes que han rendido esta prueba en Ensaya.',
      ),
    ).toBeInTheDocument();

    const table = screen.getByRole('table');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(row('Números')).toHaveTextContent('12 de 15');
    expect(row('Números')).toHaveTextContent('61 %');
    expect(row('Geometría')).toHaveTextContent('—');

    // The weakest: Álgebra (6/21), Geometría (6/12), Probabilidad (6/12, fewer misses... equal: order).
    const next = screen.getByRole('region', { name: 'Qué practicar ahora' });
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Álgebra y funciones', 'Geometría', 'Probabilidad y estadística']);
    await user.click(
      within(next).getByRole('button', { name: 'Practicar estos ejes (15 preguntas)' }),
    );
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.path === '/api/user-tests')?.body,
      ).toEqual({
        subject_id: 3,
        mode: 'practice',
        selection: {
          value: 4,
          themes: [
            { theme_id: 32, quantity: 5 },
            { theme_id: 33, quantity: 5 },
            { theme_id: 34, quantity: 5 },
          ],
        },
        random_question: true,
      }),
    );
  });
});
