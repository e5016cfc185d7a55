import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { findDialog } from '../../../../test/dialogs.ts';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeAttempt, storeControl } from '../../../../engine-kit/test/engine-fixtures.ts';

afterEach(() => sessionStorage.clear());

type Handlers = Parameters<typeof installFakeApi>[0];

function wrongAnswersApi(handlers: Handlers) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    ...handlers,
  });
}

describe('wrong answers page', () => {
  it("starts a test of the student's own wrong answers and plays it", async () => {
    storeControl({ wrongSource: 'own' });
    const attempt = makeAttempt(4, { mode: 'wrong_answers', study_mode: true });
    const { requests } = wrongAnswersApi({
      'POST /api/user-tests': () => ({ status: 201, body: { data: attempt } }),
      'GET /api/user-tests/55': () => ({ status: 200, body: { data: attempt } }),
    });
    const { pathname } = renderApp('/revision');

    await findDialog('Instrucciones');
    expect(pathname()).toBe('/revision');
    const starts = requests.filter((r) => r.method === 'POST' && r.path === '/api/user-tests');
    expect(starts).toHaveLength(1);
    expect(starts[0]!.body).toMatchObject({
      subject_id: 7,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
  });

  it('names each kind by its source and asks for more questions with ?limit=', async () => {
    storeControl({ wrongSource: 'own' });
    const attempt = makeAttempt(4, {
      mode: 'wrong_answers',
      study_mode: true,
      wrong_source: 'own',
    });
    const { requests } = wrongAnswersApi({
      'POST /api/user-tests': () => ({ status: 201, body: { data: attempt } }),
      'GET /api/user-tests/55': () => ({ status: 200, body: { data: attempt } }),
    });
    renderApp('/revision?source=own&limit=40');

    const dialog = await findDialog('Instrucciones');
    const starts = requests.filter((r) => r.method === 'POST' && r.path === '/api/user-tests');
    expect(starts[0]!.body).toMatchObject({ wrong_source: 'own', wrong_limit: 40 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByRole('heading', { name: 'Preguntas que fallaste' }),
    ).toBeInTheDocument();
  });

  it('says there are no wrong answers and goes to the dashboard', async () => {
    storeControl();
    wrongAnswersApi({
      'POST /api/user-tests': () => ({
        status: 422,
        body: { message: 'No tienes preguntas incorrectas' },
      }),
    });
    const { user, pathname } = renderApp('/revision?source=general');

    const dialog = await findDialog('Información');
    expect(within(dialog).getByText('No tienes preguntas incorrectas')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });

  it('without a subject says there is no test and offers the subjects', async () => {
    wrongAnswersApi({});
    renderApp('/revision');

    expect(await screen.findByRole('heading', { name: 'Repaso de errores' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a mis materias' })).toHaveAttribute(
      'href',
      '/materias',
    );
  });
});
