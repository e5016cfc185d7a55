import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import type { Dashboard } from '@ensaya/core/contracts/statistics';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';

vi.mock('../../../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));
vi.mock('../../../../components/charts/echarts-extra-runtime.ts', () => ({}));

afterEach(() => sessionStorage.clear());

// The first diagnostic's card on the dashboard.

const empty: Dashboard = {
  has_attempts: false,
  average: { percentage: 0, correct: 0, total: 0 },
  subjects: [],
  gauss: { subject_id: null, students: 0, mean: 0, standard_deviation: 0, points: [], user: null },
  scores: [],
  correct_by_type: [],
};

const subject = (overrides: Partial<DiagnosticSubject>): DiagnosticSubject => ({
  subject_id: 3,
  subject_name: 'Competencia Matemática 1 (M1)',
  standard_test_id: 1,
  status: 'offered',
  user_test_id: null,
  has_history: false,
  question_count: 15,
  minutes: 20,
  ...overrides,
});

function api(diagnostics: DiagnosticSubject[]) {
  let list = diagnostics;
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/dashboard': () => ({ status: 200, body: { data: empty } }),
    'GET /api/diagnostics': () => ({ status: 200, body: { data: list } }),
    'POST /api/subjects/3/diagnostic/skip': () => {
      list = list.map((entry) =>
        entry.subject_id === 3 ? { ...entry, status: 'skipped' as const } : entry,
      );
      return { status: 200, body: { data: list.find((entry) => entry.subject_id === 3) } };
    },
    'POST /api/user-tests': () => ({
      status: 409,
      body: {
        message:
          'Ya hiciste el diagnóstico de esta asignatura: se hace una sola vez. Tu resultado está en tu historial.',
      },
    }),
  });
}

describe('FirstDiagnosticCard', () => {
  it('offers each subject not taken nor skipped: what it is, a start and "not now"', async () => {
    api([
      subject({}),
      subject({ subject_id: 5, subject_name: 'Competencia Lectora' }),
      subject({ subject_id: 8, subject_name: 'Historia', status: 'submitted', user_test_id: 9 }),
      subject({ subject_id: 9, subject_name: 'Ciencias', has_history: true }),
    ]);
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Empieza con un diagnóstico' });
    expect(card).toHaveTextContent('15 preguntas · 20 minutos · para saber por dónde empezar');
    expect(
      screen.getByRole('button', {
        name: 'Empezar diagnóstico de Competencia Matemática 1 (M1)',
      }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Empezar diagnóstico de Competencia Lectora' }),
    ).toBeVisible();
    expect(card).not.toHaveTextContent('Historia');
    // A subject the student already practises is not offered a first step.
    expect(card).not.toHaveTextContent('Ciencias');
  });

  it('"Ahora no" asks the server and the card gives way to a small link', async () => {
    const { requests } = api([subject({})]);
    const { user } = renderApp('/dashboard');
    await user.click(
      await screen.findByRole('button', {
        name: 'Ahora no: diagnóstico de Competencia Matemática 1 (M1)',
      }),
    );
    expect(
      await screen.findByRole('button', {
        name: 'Hacer el diagnóstico de Competencia Matemática 1 (M1)',
      }),
    ).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Empieza con un diagnóstico' }),
    ).not.toBeInTheDocument();
    expect(
      requests.filter((request) => request.path === '/api/subjects/3/diagnostic/skip'),
    ).toHaveLength(1);
  });

  it('starts a diagnostic of the subject, and says so when the server refuses it', async () => {
    const { requests } = api([subject({})]);
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Empezar diagnóstico' }));
    // The starter and its dialogs load on the first press (kept out of the dashboard's chunk).
    expect(
      await screen.findByText(/Ya hiciste el diagnóstico/, undefined, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/user-tests')?.body).toEqual({
      subject_id: 3,
      mode: 'diagnostic',
    });
  });

  it('shows nothing once every diagnostic is taken', async () => {
    api([subject({ status: 'submitted', user_test_id: 4 })]);
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Tu primera prueba te espera' });
    expect(screen.queryByText(/diagnóstico/i)).not.toBeInTheDocument();
  });
});
