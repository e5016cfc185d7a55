import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScoreEstimate, SubjectEstimate } from '@ensaya/core/contracts/score-estimate';
import type { Dashboard } from '@ensaya/core/contracts/statistics';
import { demoUser, installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { probabilityText } from './score-estimate-card.tsx';

vi.mock('../../../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));
vi.mock('../../../../components/charts/echarts-extra-runtime.ts', () => ({}));

afterEach(() => sessionStorage.clear());

const dashboard: Dashboard = {
  has_attempts: true,
  average: { percentage: 50, correct: 60, total: 120 },
  subjects: [],
  gauss: { subject_id: null, students: 0, mean: 0, standard_deviation: 0, points: [], user: null },
  scores: [],
  correct_by_type: [],
};

const base = {
  mock_exams_needed: 0,
  official_questions: 120,
  practice_questions: 40,
  effective_answers: 140,
  scored_items: 60,
  min_score: 100,
  max_score: 1000,
  in_application_average: true,
};

const m1: SubjectEstimate = {
  ...base,
  subject_id: 2,
  name: 'Competencia Matemática M1',
  status: 'ready',
  mock_exams: 2,
  diagnostic_questions: 0,
  accuracy: { low: 48.2, mid: 53.1, high: 58 },
  score: { low: 497, mid: 541, high: 586 },
  theme_gains: [
    {
      theme_id: 11,
      name: 'Álgebra y funciones',
      quota: 21,
      accuracy: 40,
      target_accuracy: 60,
      points: 35,
    },
    { theme_id: 12, name: 'Geometría', quota: 13.2, accuracy: 50, target_accuracy: 70, points: 21 },
  ],
};

const cl: SubjectEstimate = {
  ...base,
  subject_id: 1,
  name: 'Competencia Lectora',
  status: 'insufficient',
  mock_exams_needed: 1,
  mock_exams: 0,
  diagnostic_questions: 0,
  official_questions: 0,
  accuracy: null,
  score: null,
  theme_gains: [],
};

function api(estimate: ScoreEstimate) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/dashboard': () => ({ status: 200, body: { data: dashboard } }),
    'GET /api/score-estimate': () => ({ status: 200, body: { data: estimate } }),
  });
}

const card = () => screen.findByRole('region', { name: 'Tu puntaje PAES estimado' });

describe('the score estimate on the dashboard', () => {
  it('shows each test with its range, labelled as indicative, and what raises it most', async () => {
    api({
      interval_percent: 80,
      subjects: [cl, m1],
      application: {
        threshold: 458,
        status: 'insufficient',
        subject_ids: [1, 2],
        missing: ['Competencia Lectora'],
        average: null,
        probability: null,
      },
    });
    renderApp('/dashboard');
    const region = await card();
    expect(within(region).getByText('Estimación referencial')).toBeVisible();
    expect(within(region).getByText(/con un 80 % de probabilidad tu puntaje actual/)).toBeVisible();
    expect(within(region).getByText('541')).toBeVisible();
    expect(within(region).getByText('Rango 80 %: 497 a 586')).toBeVisible();
    expect(
      within(region).getByRole('img', {
        name: 'Puntaje estimado 541, rango de 497 a 586 en una escala de 100 a 1.000',
      }),
    ).toBeInTheDocument();
    expect(within(region).getByText('Según 2 ensayos y 40 respuestas de práctica.')).toBeVisible();
    expect(within(region).getByText('Lo que más te sube el puntaje:')).toBeVisible();
    expect(within(region).getByText('Álgebra y funciones, +35 puntos')).toBeVisible();
    expect(within(region).getByText('Geometría, +21 puntos')).toBeVisible();
    // Too little evidence: no number, and what is needed.
    expect(within(region).getByText(/Rinde un ensayo para ver tu estimación/)).toBeVisible();
    expect(
      within(region).getByText(
        'Para estimar tu promedio de postulación, rinde un ensayo de Competencia Lectora.',
      ),
    ).toBeVisible();
  });

  it('shows the CL + M1 average with its range and the chance of reaching 458', async () => {
    api({
      interval_percent: 80,
      subjects: [{ ...cl, ...m1, subject_id: 1, name: 'Competencia Lectora' }, m1],
      application: {
        threshold: 458,
        status: 'ready',
        subject_ids: [1, 2],
        missing: [],
        average: { low: 470, mid: 512, high: 553 },
        probability: 0.87,
      },
    });
    renderApp('/dashboard');
    const region = await card();
    expect(within(region).getByText('Promedio Competencia Lectora + M1')).toBeVisible();
    expect(within(region).getByText('Probabilidad de alcanzar 458').nextSibling).toHaveTextContent(
      '87 %',
    );
    expect(within(region).getByText('Promedio estimado').nextSibling).toHaveTextContent(
      '512 (470 – 553)',
    );
    expect(
      within(region).getByRole('img', {
        name: 'Promedio estimado 512, rango de 470 a 553; el mínimo para postular es 458',
      }),
    ).toBeInTheDocument();
  });

  it('never promises certainty: > 99 % and < 1 %', () => {
    expect(probabilityText(0.996, 'es')).toBe('> 99 %');
    expect(probabilityText(0.004, 'es')).toBe('< 1 %');
    expect(probabilityText(0.5, 'en')).toBe('50 %');
  });

  it('draws nothing for a student without PAES attempts', async () => {
    api({ interval_percent: 80, subjects: [], application: null });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Tu promedio' });
    expect(screen.queryByRole('region', { name: 'Tu puntaje PAES estimado' })).toBeNull();
  });
});
