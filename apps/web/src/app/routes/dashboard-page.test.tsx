import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@ensaya/core/contracts/statistics';
import { demoUser, installFakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

vi.mock('../../components/charts/echarts-runtime.ts', () => ({
  init: () => ({ setOption: () => undefined, resize: () => undefined, dispose: () => undefined }),
}));
vi.mock('../../components/charts/echarts-extra-runtime.ts', () => ({}));

afterEach(() => sessionStorage.clear());

const empty: Dashboard = {
  has_attempts: false,
  average: { percentage: 0, correct: 0, total: 0 },
  subjects: [],
  gauss: { subject_id: null, students: 0, mean: 0, standard_deviation: 0, points: [], user: null },
  scores: [],
  correct_by_type: [],
};

const full: Dashboard = {
  has_attempts: true,
  average: { percentage: 62.5, correct: 250, total: 400 },
  subjects: [
    {
      subject_id: 1,
      name: 'Matemática',
      correct_percentage: 55.25,
      sumCorrect: 110,
      sumTotal: 200,
    },
    { subject_id: 7, name: 'Clase B', correct_percentage: 70, sumCorrect: 140, sumTotal: 200 },
  ],
  gauss: {
    subject_id: null,
    students: 12,
    mean: 58.1,
    standard_deviation: 9.5,
    points: [
      { x: 39.1, y: 0.0057 },
      { x: 58.1, y: 0.042 },
      { x: 77.1, y: 0.0057 },
    ],
    user: { percentage: 62.5, y: 0.038 },
  },
  scores: [
    {
      subject_id: 7,
      name: 'Clase B',
      attempts: 3,
      average_score: 31.33,
      approval_grade: 33,
      approval_rule: 'pass_mark',
      max_score: 38,
      electives: [],
    },
  ],
  correct_by_type: [
    {
      user_test_type: 'custom',
      attempts: 30,
      total_test_stems: 300,
      total_correct_quantity: 180,
      average_correct: 6,
      average_total: 10,
    },
    {
      user_test_type: 'official',
      attempts: 3,
      total_test_stems: 105,
      total_correct_quantity: 70,
      average_correct: 23.33,
      average_total: 35,
    },
  ],
};

function dashboardApi(data: Dashboard) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/dashboard': () => ({ status: 200, body: { data } }),
  });
}

function cardNamed(name: string) {
  return screen.getByRole('region', { name });
}

describe('dashboard', () => {
  it('lists each Ciencias elective on its own line under the subject, with plural-aware counts', async () => {
    dashboardApi({
      ...full,
      scores: [
        {
          subject_id: 4,
          name: 'Ciencias',
          attempts: 3,
          average_score: 632,
          approval_grade: 0,
          approval_rule: 'none',
          max_score: 1000,
          electives: [
            { theme_id: 21, name: 'Electivo Biología', attempts: 1, average_score: 609 },
            { theme_id: 22, name: 'Electivo Física', attempts: 2, average_score: 655 },
          ],
        },
      ],
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Tu promedio' });
    const scores = cardNamed('Puntaje de ensayos por materia');
    expect(within(scores).getByText('Ciencias').nextSibling).toHaveTextContent('632 de 1.000');
    expect(within(scores).getByText('Ciencias · Electivo Biología').nextSibling).toHaveTextContent(
      '609 (1 ensayo)',
    );
    expect(within(scores).getByText('Ciencias · Electivo Física').nextSibling).toHaveTextContent(
      '655 (2 ensayos)',
    );
  });

  it('invites a student without attempts to take a first test, with no charts', async () => {
    dashboardApi(empty);
    const { user, pathname } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hola, Camila' })).toBeVisible();
    expect(
      await screen.findByRole('heading', { name: 'Tu primera prueba te espera' }),
    ).toBeVisible();
    expect(screen.queryAllByRole('img', { name: /Gráfico|Curva/ })).toHaveLength(0);
    expect(screen.queryByText('Tu promedio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rendir mi primera prueba' }));
    expect(pathname()).toBe('/materias');
  });

  it('shows the average, the charts and their numbers as the API sends them', async () => {
    dashboardApi(full);
    const { user, pathname } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Tu promedio' });

    const average = cardNamed('Tu promedio');
    expect(within(average).getByText('62,5 %')).toBeInTheDocument();
    expect(within(average).getByText('250')).toBeInTheDocument();
    expect(within(average).getByText('400')).toBeInTheDocument();

    const subjects = cardNamed('Promedio por materia');
    expect(
      within(subjects).getByRole('img', { name: /porcentaje de correctas por materia/ }),
    ).toBeInTheDocument();
    expect(within(subjects).getByText('Matemática').nextSibling).toHaveTextContent('55,25 %');
    expect(within(subjects).getByText('Clase B').nextSibling).toHaveTextContent('70 %');

    const gauss = cardNamed('Tu posición entre los estudiantes');
    expect(
      within(gauss).getByRole('img', { name: /tú 62,5 %, promedio 58,1 %/ }),
    ).toBeInTheDocument();
    expect(within(gauss).getByText('Estudiantes').nextSibling).toHaveTextContent('12');

    const scores = cardNamed('Puntaje de ensayos por materia');
    expect(within(scores).getByText('Clase B').nextSibling).toHaveTextContent('31,33 de 38');

    const byType = cardNamed('Correctas promedio por tipo de prueba');
    expect(within(byType).getByText('Prácticas').nextSibling).toHaveTextContent('6 de 10');
    expect(within(byType).getByText('Ensayos').nextSibling).toHaveTextContent('23,33 de 35');

    await user.click(screen.getByRole('button', { name: 'Ir a materias' }));
    expect(pathname()).toBe('/materias');
  });
});
