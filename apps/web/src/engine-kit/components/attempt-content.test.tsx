import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptContent, AttemptState } from '@ensaya/core/contracts/engine';
import { findDialog } from '../../test/dialogs.ts';
import { demoUser, installFakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeAttempt } from '../test/engine-fixtures.ts';

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => sessionStorage.clear());

const CONTENT_URL = '/api/content/35-37~9~abcdefghijklmnopqrstuv';

/** The attempt as the server sends it while it runs: state only, the texts at `content_url`. */
function runningAttempt(): { state: AttemptState; content: AttemptContent } {
  const full = makeAttempt(3);
  full.questions[1]!.context = { id: 9, title: 'Lectura', body_html: '<p>Texto común</p>' };
  const state: AttemptState = {
    ...full,
    content_url: CONTENT_URL,
    questions: full.questions.map(
      ({ statement_html: _s, url_source: _u, context: _c, choices, ...question }) => ({
        ...question,
        // The server's order: reversed, so the merge must follow ids, not positions.
        choices: choices.map(({ id, label }) => ({ id, label })),
      }),
    ),
  };
  const content: AttemptContent = {
    questions: full.questions.map((question) => ({
      stem_id: question.stem_id,
      statement_html: question.statement_html,
      url_source: question.url_source,
      context_id: question.context?.id ?? null,
      choices: [...question.choices].reverse().map(({ id, body_html }) => ({ id, body_html })),
    })),
    contexts: [{ id: 9, title: 'Lectura', body_html: '<p>Texto común</p>' }],
  };
  return { state, content };
}

describe('test player with the content apart', () => {
  it('fetches the content once, merges it with the attempt, and offers a retry when it fails', async () => {
    const { state, content } = runningAttempt();
    let failures = 1;
    const { requests } = installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      [`GET /api/user-tests/${state.id}`]: () => ({ status: 200, body: { data: state } }),
      [`GET ${CONTENT_URL}`]: () =>
        failures-- > 0
          ? { status: 500, body: { message: 'Error' } }
          : { status: 200, body: { data: content } },
      [`POST /api/user-tests/${state.id}/begin`]: () => {
        const now = new Date().toISOString();
        return {
          status: 200,
          body: { data: { begun_at: now, deadline_at: null, server_now: now } },
        };
      },
    });
    const view = renderApp(`/test?id=${state.id}`);

    await view.user.click(await screen.findByRole('button', { name: 'Reintentar' }));
    const instructions = await findDialog('Instrucciones');
    await view.user.click(within(instructions).getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });
    expect(screen.getByText(/Enunciado 1/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^C\) Alternativa 1C/ })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Texto común')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^B\) Alternativa 2B/ })).toBeInTheDocument();
    expect(
      requests.filter((request) => request.path === CONTENT_URL && request.method === 'GET'),
    ).toHaveLength(2);
  });
});
