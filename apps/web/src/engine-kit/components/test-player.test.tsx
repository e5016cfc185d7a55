import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnswerRecord, Attempt } from '@ensaya/core/contracts/engine';
import { findDialog } from '../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pendingAnswersKey } from '../lib/save-queue.ts';
import { makeAttempt, makeQuestion, result, storeControl } from '../test/engine-fixtures.ts';

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof installFakeApi>[0];

function engineApi(attempt: Attempt, handlers: Handlers = {}, user = demoUser) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: user } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    [`GET /api/user-tests/${attempt.id}`]: () => ({ status: 200, body: { data: attempt } }),
    [`POST /api/user-tests/${attempt.id}/begin`]: () => {
      const now = new Date();
      return {
        status: 200,
        body: {
          data: {
            begun_at: now.toISOString(),
            deadline_at:
              attempt.seconds === null
                ? null
                : new Date(now.getTime() + attempt.seconds * 1000).toISOString(),
            server_now: now.toISOString(),
          },
        },
      };
    },
    [`POST /api/user-tests/${attempt.id}/stems`]: (request) => {
      const { stems } = request.body as { stems: AnswerRecord[] };
      return {
        status: 200,
        body: {
          data: {
            saved: stems.map((s) => ({ stem_id: s.stem_id, seq: s.seq, applied: true })),
            revealed: [],
          },
        },
      };
    },
    [`GET /api/user-tests/${attempt.id}/annotations`]: () => ({
      status: 200,
      body: { data: { strikes: [], highlights: [], seq: 0 } },
    }),
    [`PUT /api/user-tests/${attempt.id}/annotations`]: (request) => ({
      status: 200,
      body: { data: { seq: (request.body as { seq: number }).seq, applied: true } },
    }),
    ...handlers,
  });
}

const savedStems = (requests: RecordedRequest[]) =>
  requests
    .filter((r) => r.method === 'POST' && r.path.endsWith('/stems'))
    .flatMap((r) => (r.body as { stems: AnswerRecord[] }).stems);

async function openTest(count = 12) {
  const view = renderApp('/test?id=55');
  // The page's chunk loads first: on a busy machine the first test's can take seconds.
  await screen.findAllByRole('dialog', undefined, { timeout: 10_000 });
  const instructions = await findDialog('Instrucciones');
  expect(
    within(instructions).getByText(`Tiene ${count} preguntas; verás una a la vez.`),
  ).toBeInTheDocument();
  await view.user.click(within(instructions).getByRole('button', { name: 'Continuar' }));
  await screen.findByRole('heading', { name: `Pregunta 1 de ${count}` });
  return view;
}

/** A number of the question palette; its name says whether it is answered and marked. */
const palette = (n: number) =>
  screen.getByRole('button', { name: new RegExp(`^Ir a la pregunta ${n}: `) });

describe('test player', () => {
  it('answers, marks, pages and shows each question in the status table, saving every change', async () => {
    const { requests } = engineApi(makeAttempt(12));
    const { user } = await openTest();

    expect(localStorage.getItem('header')).toBe('0');
    const link = screen.getByRole('link', { name: 'ley' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    await user.click(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ }));
    expect(screen.getByRole('radio', { name: /^A\)/ })).toBeChecked();
    expect(palette(1)).toHaveAccessibleName(/: respondida/);
    expect(palette(1)).not.toHaveAccessibleName(/marcada/);
    await waitFor(() =>
      expect(savedStems(requests)).toEqual([
        expect.objectContaining({ stem_id: 101, stem_choice_ids: [1011], is_marked: false }),
      ]),
    );
    await screen.findByText('Guardado');

    // The mark changes only the mark; the answer stays.
    await user.click(screen.getByRole('checkbox', { name: 'Marcar para revisar' }));
    expect(palette(1)).toHaveAccessibleName(/marcada$/);
    await waitFor(() => expect(savedStems(requests)).toHaveLength(2));
    const [first, second] = savedStems(requests);
    expect(second).toMatchObject({ stem_id: 101, stem_choice_ids: [1011], is_marked: true });
    expect(second!.seq).toBeGreaterThan(first!.seq);

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('heading', { name: 'Pregunta 2 de 12' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 2A/ })).not.toBeChecked();

    // One navigation: previous and next, and the palette; no second pager.
    expect(screen.queryByRole('navigation', { name: 'Preguntas' })).not.toBeInTheDocument();
    expect(palette(2)).toHaveAttribute('aria-current', 'step');
    await user.click(palette(11));
    expect(screen.getByRole('heading', { name: 'Pregunta 11 de 12' })).toBeInTheDocument();

    // A number of the palette opens its question.
    await user.click(palette(1));
    expect(screen.getByRole('heading', { name: 'Pregunta 1 de 12' })).toBeInTheDocument();
    expect(palette(1)).toHaveAccessibleName(/marcada$/);
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ })).toBeChecked();
    await user.click(palette(5));
    expect(screen.getByRole('heading', { name: 'Pregunta 5 de 12' })).toBeInTheDocument();
    expect(screen.getByText('1 de 12 respondidas')).toBeInTheDocument();
  });

  it('multi-choice questions take several answers; a cancelled send keeps the test going', async () => {
    const attempt = makeAttempt(2);
    attempt.questions[0] = makeQuestion(1, { is_multi_choice: true });
    const { requests } = engineApi(attempt, {
      'POST /api/user-tests/55/submit': () => ({
        status: 200,
        body: { data: { ...result, type: 'custom', mode: 'practice', total: 2 } },
      }),
    });
    const { user, pathname } = await openTest(2);
    expect(screen.getByText('Selección múltiple')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /^A\) Alternativa 1A/ }));
    await user.click(screen.getByRole('checkbox', { name: /^C\) Alternativa 1C/ }));
    await waitFor(() =>
      expect(savedStems(requests).at(-1)).toMatchObject({ stem_choice_ids: [1011, 1013] }),
    );

    await user.click(screen.getByRole('button', { name: 'Finalizar prueba' }));
    const confirm = await findDialog('Enviar prueba');
    expect(within(confirm).getByText(/Respondidas: 1. Sin responder: 1/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Seguir respondiendo' }));
    expect(requests.some((r) => r.path.endsWith('/submit'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Finalizar prueba' }));
    await user.click(
      within(await findDialog('Enviar prueba')).getByRole('button', { name: 'Enviar' }),
    );
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    expect(localStorage.getItem('header')).toBe('1');
  });

  it('a submit acknowledged at once (202) opens the result, read once it is scored', async () => {
    let resultReads = 0;
    const { requests } = engineApi(makeAttempt(2), {
      'POST /api/user-tests/55/submit': () => ({
        status: 202,
        body: { data: { user_test_id: 55, status: 'scoring', retry_after_s: 1 } },
      }),
      'GET /api/user-tests/55/result': () => {
        resultReads += 1;
        return resultReads < 2
          ? {
              status: 202,
              body: { data: { user_test_id: 55, status: 'scoring', retry_after_s: 1 } },
            }
          : {
              status: 200,
              body: { data: { ...result, type: 'custom', mode: 'practice', total: 2 } },
            };
      },
    });
    const { user, pathname } = await openTest(2);

    await user.click(screen.getByRole('button', { name: 'Finalizar prueba' }));
    await user.click(
      within(await findDialog('Enviar prueba')).getByRole('button', { name: 'Enviar' }),
    );
    await screen.findByRole('heading', { name: 'Resultado' });
    expect(pathname()).toBe('/resultado');
    const submit = requests.find((r) => r.path.endsWith('/submit'))!;
    expect(submit.headers.get('Prefer')).toBe('respond-async');
    expect(resultReads).toBe(2);
  });

  it('keeps unsent answers of a previous page and sends them again on load', async () => {
    localStorage.setItem(
      pendingAnswersKey(55),
      JSON.stringify([{ stem_id: 102, stem_choice_ids: [1023], is_marked: true, seq: 50 }]),
    );
    const attempt = makeAttempt(12);
    attempt.questions[0] = makeQuestion(1, { chosen_choice_ids: [1012], seq: 40 });
    const { requests } = engineApi(attempt);
    await openTest();

    expect(palette(1)).toHaveAccessibleName(/: respondida/);
    expect(palette(2)).toHaveAccessibleName(/: respondida/);
    expect(palette(2)).toHaveAccessibleName(/marcada$/);
    await waitFor(() =>
      expect(savedStems(requests)).toEqual([
        { stem_id: 102, stem_choice_ids: [1023], is_marked: true, seq: 50 },
      ]),
    );
    await waitFor(() => expect(localStorage.getItem(pendingAnswersKey(55))).toBeNull());
  });

  it('in study mode shows the explanation once the answer is saved', async () => {
    const { requests } = engineApi(makeAttempt(12, { study_mode: true }), {
      'POST /api/user-tests/55/stems': () => ({
        status: 200,
        body: {
          data: {
            saved: [{ stem_id: 101, seq: 1, applied: true }],
            revealed: [
              {
                stem_id: 101,
                solution_html: '<p>Porque lo dice la ley.</p>',
                correct_choice_ids: [1012],
                is_correct: false,
              },
            ],
          },
        },
      }),
    });
    const { user } = await openTest();

    await user.click(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ }));

    const explanation = await screen.findByRole('region', { name: 'Explicación' });
    expect(within(explanation).getByRole('heading', { name: 'Incorrecta' })).toBeInTheDocument();
    expect(within(explanation).getByText('Porque lo dice la ley.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^B\) Alternativa 1B Correcta/ })).toBeInTheDocument();
    // The wrong pick and the key, each in words, not colour alone.
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 1A Tu respuesta/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /^A\)/ }).closest('.question__choice')).toHaveClass(
      'question__choice--wrong',
    );
    expect(screen.getByRole('radio', { name: /^B\)/ }).closest('.question__choice')).toHaveClass(
      'question__choice--key',
    );
    expect(
      document.querySelectorAll('.question__choice--wrong, .question__choice--key'),
    ).toHaveLength(2);
    // The pick asked for the key, so it is final: the choices no longer take another one.
    expect(savedStems(requests)).toEqual([
      expect.objectContaining({ stem_id: 101, stem_choice_ids: [1011], reveal: true }),
    ]);
    const other = screen.getByRole('radio', { name: /^B\)/ });
    expect(other).toBeDisabled();
    fireEvent.click(other);
    expect(screen.getByRole('radio', { name: /^A\)/ })).toBeChecked();
    // The mark still changes, and keeps asking for the same answer.
    await user.click(screen.getByRole('checkbox', { name: 'Marcar para revisar' }));
    await waitFor(() => expect(savedStems(requests)).toHaveLength(2));
    expect(savedStems(requests)[1]).toMatchObject({
      stem_choice_ids: [1011],
      is_marked: true,
      reveal: true,
    });
  });

  it('in study mode a multi-choice question is checked by its button, then final', async () => {
    const attempt = makeAttempt(2, { study_mode: true });
    attempt.questions[0] = makeQuestion(1, { is_multi_choice: true });
    const { requests } = engineApi(attempt, {
      'POST /api/user-tests/55/stems': (request) => {
        const { stems } = request.body as { stems: AnswerRecord[] };
        return {
          status: 200,
          body: {
            data: {
              saved: stems.map((s) => ({ stem_id: s.stem_id, seq: s.seq, applied: true })),
              revealed: stems
                .filter((s) => s.reveal)
                .map((s) => ({
                  stem_id: s.stem_id,
                  solution_html: '<p>Ambas.</p>',
                  correct_choice_ids: [1011, 1013],
                  is_correct: true,
                })),
            },
          },
        };
      },
    });
    const { user } = await openTest(2);
    const check = screen.getByRole('button', { name: 'Comprobar respuesta' });
    expect(check).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: /^A\) Alternativa 1A/ }));
    await user.click(screen.getByRole('checkbox', { name: /^C\) Alternativa 1C/ }));
    await waitFor(() =>
      expect(savedStems(requests).at(-1)).toMatchObject({ stem_choice_ids: [1011, 1013] }),
    );
    expect(savedStems(requests).some((record) => record.reveal)).toBe(false);
    expect(screen.queryByRole('region', { name: 'Explicación' })).not.toBeInTheDocument();

    await user.click(check);
    const explanation = await screen.findByRole('region', { name: 'Explicación' });
    expect(within(explanation).getByRole('heading', { name: '¡Correcta!' })).toBeInTheDocument();
    expect(savedStems(requests).at(-1)).toMatchObject({
      stem_choice_ids: [1011, 1013],
      reveal: true,
    });
    expect(screen.getByRole('checkbox', { name: /^B\)/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Comprobar respuesta' })).not.toBeInTheDocument();
  });

  it('shows a debug user the question id and the correct choices, the back-office link only to an admin', async () => {
    const attempt = makeAttempt(12);
    attempt.questions[0] = makeQuestion(1, {
      choices: makeQuestion(1).choices.map((choice, index) => ({
        ...choice,
        is_correct: index === 2,
      })),
    });
    engineApi(attempt, {}, { ...demoUser, permissions: ['debug'] as never[] });
    await openTest();

    expect(screen.getByText('ID 101')).toBeInTheDocument();
    // A debug student is not an administrator: the back office would refuse them.
    expect(screen.queryByRole('link', { name: 'Ver en administración' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 1C Correcta/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^A\).*Correcta/ })).not.toBeInTheDocument();
  });

  it('gives an admin with debug permissions the back-office link of the question', async () => {
    engineApi(
      makeAttempt(12),
      {},
      {
        ...demoUser,
        role: 'admin',
        permissions: ['debug'] as never[],
      },
    );
    await openTest();
    expect(screen.getByRole('link', { name: 'Ver en administración' })).toHaveAttribute(
      'href',
      '/admin/questions/101',
    );
  });

  it('sends the test when the time is up and goes to the result', async () => {
    const now = Date.now();
    // Begun already (a reload): no instructions, the clock runs.
    const attempt = makeAttempt(3, {
      server_now: new Date(now).toISOString(),
      begun_at: new Date(now - 60_000).toISOString(),
      deadline_at: new Date(now + 1500).toISOString(),
    });
    const { requests } = engineApi(attempt, {
      'POST /api/user-tests/55/submit': () => ({ status: 200, body: { data: result } }),
    });
    const { pathname } = renderApp('/test?id=55');
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });
    expect(screen.queryByRole('dialog', { name: 'Instrucciones' })).not.toBeInTheDocument();

    await screen.findByRole('heading', { name: 'Resultado' }, { timeout: 5000 });
    const submits = requests.filter((r) => r.path.endsWith('/submit'));
    expect(submits).toHaveLength(1);
    expect(submits[0]!.body).toEqual({ reason: 'time' });
    expect(pathname()).toBe('/resultado');
  });

  it("sends a comment on the question and shows the server's answer", async () => {
    const { requests } = engineApi(makeAttempt(12), {
      'POST /api/mail/stem-correction-request': () => ({
        status: 200,
        body: { message: 'Gracias. Tu comentario fue enviado a nuestro equipo de contenidos.' },
      }),
    });
    const { user } = await openTest();
    // Behind "Report a problem": the question comes first.
    expect(screen.queryByRole('textbox', { name: /Encontraste un error/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reportar un problema' }));
    const form = await findDialog('Reportar un problema');
    const box = within(form).getByRole('textbox', { name: /Encontraste un error/ });
    expect(box).toHaveAttribute('maxlength', '500');

    await user.type(box, 'La alternativa B también sirve.');
    // Ant Design shows the counter from this attribute.
    expect(document.querySelector('.comment-box [data-count]')).toHaveAttribute(
      'data-count',
      '31 / 500',
    );
    await user.click(screen.getByRole('button', { name: 'Enviar comentario' }));

    const dialog = await findDialog('Comentario enviado');
    expect(within(dialog).getByText(/Tu comentario fue enviado/)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/mail/stem-correction-request')!.body).toEqual({
      subjectId: 7,
      stemId: 101,
      comment: 'La alternativa B también sirve.',
      userTestId: 55,
    });
    expect(box).toHaveValue('');
  });

  it('opens an attempt of another kind on its own route', async () => {
    storeControl({ userTestId: 55 });
    engineApi(makeAttempt(12, { mode: 'mock_exam', type: 'official' }));
    const { pathname } = renderApp('/test');
    await findDialog('Instrucciones');
    expect(pathname()).toBe('/test/ensayo');
    expect(screen.getByRole('heading', { name: 'Ensayo', level: 1 })).toBeInTheDocument();
  });

  it('starts the clock only when the student continues from the instructions', async () => {
    const { requests } = engineApi(makeAttempt(3));
    const { user } = renderApp('/test?id=55');
    const instructions = await findDialog('Instrucciones');
    expect(
      within(instructions).getByText(/El reloj parte cuando presionas «Continuar»/),
    ).toBeInTheDocument();
    expect(within(instructions).getByText(/A a I \(o 1 a 9\) eligen/)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith('/begin'))).toBe(false);

    await user.click(within(instructions).getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });
    expect(requests.filter((r) => r.path.endsWith('/begin'))).toHaveLength(1);
    expect(screen.getByRole('timer', { name: 'Tiempo restante' })).toHaveTextContent(
      /^(01:00:00|00:59:5\d)$/,
    );
  });

  it('moves with the arrow keys without changing the answer; letters and digits choose, M marks', async () => {
    const { requests } = engineApi(makeAttempt(4));
    const { user } = await openTest(4);

    await user.click(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ }));
    expect(screen.getByRole('radio', { name: /^B\)/ })).toHaveFocus();
    // The radio group's own arrows would pick C and save it: here they move between questions.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /^B\)/ })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('heading', { name: 'Pregunta 2 de 4' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('heading', { name: 'Pregunta 1 de 4' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^B\) Alternativa 1B/ })).toBeChecked();

    await user.keyboard('{ArrowRight}c');
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 2C/ })).toBeChecked();
    await user.keyboard('{ArrowRight}1m');
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 3A/ })).toBeChecked();
    expect(palette(3)).toHaveAccessibleName('Ir a la pregunta 3: respondida y marcada');
    expect(palette(4)).toHaveAccessibleName('Ir a la pregunta 4: sin responder');

    await waitFor(() =>
      expect(savedStems(requests).map((r) => [r.stem_id, r.stem_choice_ids, r.is_marked])).toEqual([
        [101, [1012], false],
        [102, [1023], false],
        [103, [1031], false],
        [103, [1031], true],
      ]),
    );

    // Typing in the comment box types: no shortcut.
    await user.click(screen.getByRole('button', { name: 'Reportar un problema' }));
    const form = await findDialog('Reportar un problema');
    await user.type(within(form).getByRole('textbox', { name: /Encontraste un error/ }), 'am');
    expect(palette(3)).toHaveAccessibleName('Ir a la pregunta 3: respondida y marcada');
  });

  it('resumes on the question the student was on after a reload', async () => {
    engineApi(makeAttempt(6, { begun_at: new Date().toISOString() }));
    const first = renderApp('/test?id=55');
    await screen.findByRole('heading', { name: 'Pregunta 1 de 6' });
    await first.user.click(palette(4));
    expect(screen.getByRole('heading', { name: 'Pregunta 4 de 6' })).toBeInTheDocument();
    first.unmount();

    renderApp('/test?id=55');
    await screen.findByRole('heading', { name: 'Pregunta 4 de 6' });
  });
});

describe('paper tools', () => {
  it('crosses an option out and in without answering, and saves the whole state each time', async () => {
    const { requests } = engineApi(makeAttempt(3));
    const { user } = await openTest(3);
    const strike = screen.getByRole('button', { name: 'Descartar opción B' });
    expect(strike).toHaveAttribute('aria-pressed', 'false');
    await user.click(strike);
    expect(strike).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('radio', { name: /^B\) Alternativa 1B \(descartada\)/ }),
    ).not.toBeChecked();
    const puts = () =>
      requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/annotations'));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({
      strikes: [{ stem_id: 101, choice_ids: [1012] }],
      highlights: [],
    });
    await user.click(strike);
    expect(strike).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(puts()).toHaveLength(2));
    const [first, second] = puts().map((r) => r.body as { seq: number; strikes: unknown[] });
    expect(second!.strikes).toEqual([]);
    expect(second!.seq).toBeGreaterThan(first!.seq);
    // No answer was saved by any of it.
    expect(savedStems(requests)).toEqual([]);
  });

  it('shows the crossed-out options saved before', async () => {
    engineApi(makeAttempt(3), {
      'GET /api/user-tests/55/annotations': () => ({
        status: 200,
        body: { data: { strikes: [{ stem_id: 101, choice_ids: [1013] }], highlights: [], seq: 9 } },
      }),
    });
    await openTest(3);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Descartar opción C' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('button', { name: 'Descartar opción A' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
