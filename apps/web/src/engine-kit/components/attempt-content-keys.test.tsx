import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptContent, AttemptState } from '@ensaya/core/contracts/engine';
import { findDialog } from '../../test/dialogs.ts';
import { demoUser, installFakeApi, type RecordedRequest } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeAttempt } from '../test/engine-fixtures.ts';

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));

afterEach(() => sessionStorage.clear());

// A content address is named for its student and expires; a timed attempt has none
// before its begin. The page fetches content after the begin, and replaces a refused address.

const OLD_URL = '/api/content/35-37~9~1j.1.abc~abcdefghijklmnopqrstuv';
const NEW_URL = '/api/content/35-37~9~1j.1.abd~bcdefghijklmnopqrstuvw';

/** The attempt as the server sends it while it runs (state only), and its content. */
function runningAttempt(change: Partial<AttemptState>): {
  state: AttemptState;
  content: AttemptContent;
} {
  const full = makeAttempt(3);
  const state: AttemptState = {
    ...full,
    content_url: null,
    questions: full.questions.map(
      ({ statement_html: _s, url_source: _u, context: _c, choices, ...question }) => ({
        ...question,
        choices: choices.map(({ id, label }) => ({ id, label })),
      }),
    ),
    ...change,
  };
  const content: AttemptContent = {
    questions: full.questions.map((question) => ({
      stem_id: question.stem_id,
      statement_html: question.statement_html,
      url_source: question.url_source,
      context_id: null,
      choices: question.choices.map(({ id, body_html }) => ({ id, body_html })),
    })),
    contexts: [],
  };
  return { state, content };
}

const beginAnswer = (contentUrl: string | null) => () => {
  const now = new Date().toISOString();
  return {
    status: 200,
    body: { data: { begun_at: now, deadline_at: null, server_now: now, content_url: contentUrl } },
  };
};

const contentReads = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path.startsWith('/api/content/')).map((r) => r.path);

describe('content keys in the test player', () => {
  it("fetches a timed attempt's content only once it has begun, from the begin's answer", async () => {
    // A timed attempt on its instructions: no content address yet.
    const { state, content } = runningAttempt({ content_url: null, seconds: 3600 });
    const { requests } = installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      [`GET /api/user-tests/${state.id}`]: () => ({ status: 200, body: { data: state } }),
      [`POST /api/user-tests/${state.id}/begin`]: beginAnswer(NEW_URL),
      [`GET ${NEW_URL}`]: () => ({ status: 200, body: { data: content } }),
    });
    const view = renderApp(`/test?id=${state.id}`);

    const instructions = await findDialog('Instrucciones');
    expect(contentReads(requests)).toEqual([]);
    await view.user.click(within(instructions).getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });
    expect(screen.getByText(/Enunciado 1/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^A\) Alternativa 1A/ })).toBeInTheDocument();
    expect(contentReads(requests)).toEqual([NEW_URL]);
  });

  it('replaces a refused (expired) address by reading the attempt again, without asking', async () => {
    const { state, content } = runningAttempt({ content_url: OLD_URL, seconds: null });
    let attemptReads = 0;
    const { requests } = installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
      'GET /api/csrf-cookie': () => ({ status: 204 }),
      [`GET /api/user-tests/${state.id}`]: () => {
        attemptReads += 1;
        const url = attemptReads === 1 ? OLD_URL : NEW_URL;
        return { status: 200, body: { data: { ...state, content_url: url } } };
      },
      [`GET ${OLD_URL}`]: () => ({
        status: 410,
        body: { message: 'El enlace a estas preguntas venció.' },
      }),
      [`GET ${NEW_URL}`]: () => ({ status: 200, body: { data: content } }),
      [`POST /api/user-tests/${state.id}/begin`]: beginAnswer(NEW_URL),
    });
    const view = renderApp(`/test?id=${state.id}`);

    const instructions = await findDialog('Instrucciones');
    await view.user.click(within(instructions).getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Pregunta 1 de 3' });
    expect(screen.getByText(/Enunciado 1/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(contentReads(requests)).toEqual([OLD_URL, NEW_URL]);
    expect(attemptReads).toBe(2);
  });
});
