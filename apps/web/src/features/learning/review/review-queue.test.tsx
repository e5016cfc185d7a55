import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubjectCard } from '@ensaya/core/contracts/engine';
import type { ReviewDue } from '@ensaya/core/contracts/review';
import { demoUser, installFakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Spaced review: the counts on the dashboard and the subject cards, and the way in.

afterEach(() => sessionStorage.clear());

const card = (change: Partial<SubjectCard>): SubjectCard => ({
  id: 1,
  name: 'Competencia Lectora',
  description: null,
  description_en: null,
  standard_test_id: 1,
  approval_grade: 458,
  approval_rule: 'application_average',
  period_id: 10,
  period_name: 'Admisión 2027',
  test_duration: 150,
  question_count: 65,
  bank_count: 120,
  has_access: true,
  subscription_id: 3,
  custom_tests: 2,
  official_tests: 0,
  in_progress_user_test_id: null,
  ...change,
});

const subjectList = [
  {
    id: 1,
    name: 'PAES',
    subjects: [
      card({ id: 1 }),
      card({ id: 2, name: 'Competencia Matemática M1' }),
      card({ id: 3, name: 'Historia y Ciencias Sociales', has_access: false }),
    ],
  },
];

const due: ReviewDue = {
  total: 8,
  due_before: '2026-03-03T03:00:00.000Z',
  session_max: 20,
  new_per_day: 20,
  subjects: [
    { subject_id: 1, subject_name: 'Competencia Lectora', standard_test_id: 1, due: 7, queued: 9 },
    {
      subject_id: 2,
      subject_name: 'Competencia Matemática M1',
      standard_test_id: 1,
      due: 0,
      queued: 4,
    },
    {
      subject_id: 3,
      subject_name: 'Historia y Ciencias Sociales',
      standard_test_id: 1,
      due: 1,
      queued: 1,
    },
  ],
};

const emptyDashboard = {
  has_attempts: false,
  average: { percentage: 0, correct: 0, total: 0 },
  subjects: [],
  gauss: { subject_id: null, students: 0, mean: 0, standard_deviation: 0, points: [], user: null },
  scores: [],
  correct_by_type: [],
};

function reviewApi(reviewDue: ReviewDue) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/dashboard': () => ({ status: 200, body: { data: emptyDashboard } }),
    'GET /api/subjects': () => ({ status: 200, body: { data: subjectList } }),
    'GET /api/review/due': () => ({ status: 200, body: { data: reviewDue } }),
  });
}

describe('review queue', () => {
  it('the dashboard has one "Repasar hoy" card: a total and a link per subject', async () => {
    reviewApi({
      ...due,
      total: 32,
      subjects: [{ ...due.subjects[0]!, due: 31 }, due.subjects[1]!, due.subjects[2]!],
    });
    const { user, pathname } = renderApp('/dashboard');

    const queue = await screen.findByRole('region', { name: 'Repasar hoy' });
    expect(within(queue).getByText('32 preguntas para repasar hoy')).toBeInTheDocument();
    // Due only where something is due; a link, not a button, and none without access.
    expect(within(queue).queryByText(/Competencia Matemática M1/)).toBeNull();
    expect(within(queue).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(queue).getByText('Historia y Ciencias Sociales: 1 pregunta · sin suscripción activa'),
    ).toBeInTheDocument();
    const links = within(queue).getAllByRole('link');
    expect(links).toHaveLength(1);
    // A session holds at most 20 of the 31 due; the rest wait.
    expect(links[0]).toHaveAccessibleName('Competencia Lectora: 31 preguntas Repasar 20');
    expect(within(queue).getByText(/Cada sesión tiene hasta 20 preguntas/)).toBeInTheDocument();

    await user.click(links[0]!);
    await waitFor(() => expect(pathname()).toBe('/revision'));
    expect(JSON.parse(sessionStorage.getItem('control')!)).toMatchObject({
      subjectId: 1,
      wrongSource: 'review',
    });
  });

  it('the dashboard says when nothing is due and hides the card with an empty queue', async () => {
    reviewApi({ ...due, total: 0, subjects: [{ ...due.subjects[1]!, due: 0, queued: 4 }] });
    const { unmount } = renderApp('/dashboard');
    expect(
      await screen.findByText('Nada que repasar hoy. 4 preguntas esperan su turno.'),
    ).toBeInTheDocument();
    unmount();

    reviewApi({ ...due, total: 0, subjects: [] });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: /Camila/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Repasar hoy' })).toBeNull());
  });

  it('each subject card shows its count and a review button', async () => {
    reviewApi(due);
    const { user, pathname } = renderApp('/materias');

    const reading = await screen.findByRole('article', { name: 'Competencia Lectora' });
    expect(await within(reading).findByText('7 preguntas para repasar hoy')).toBeInTheDocument();
    const math = screen.getByRole('article', { name: 'Competencia Matemática M1' });
    expect(within(math).queryByText(/para repasar hoy/)).toBeNull();
    expect(within(math).queryByRole('button', { name: 'Repasar hoy' })).toBeNull();
    const history = screen.getByRole('article', { name: 'Historia y Ciencias Sociales' });
    expect(within(history).getByText('1 pregunta para repasar hoy')).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Repasar hoy' })).toBeNull();

    await user.click(within(reading).getByRole('button', { name: 'Repasar hoy' }));
    await waitFor(() => expect(pathname()).toBe('/revision'));
    expect(JSON.parse(sessionStorage.getItem('control')!)).toMatchObject({
      subjectId: 1,
      wrongSource: 'review',
    });
  });
});
