import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubjectCard } from '@ensaya/core/contracts/engine';
import { demoUser, installFakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

afterEach(() => sessionStorage.clear());

const card = (change: Partial<SubjectCard>): SubjectCard => ({
  id: 1,
  name: 'Competencia Lectora',
  description: 'Comprensión de textos.',
  description_en: 'Understanding texts.',
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
  custom_tests: 0,
  official_tests: 0,
  in_progress_user_test_id: null,
  ...change,
});

const subjectList = [
  {
    id: 1,
    name: 'PAES',
    subjects: [
      card({ id: 1, custom_tests: 2, official_tests: 1 }),
      card({ id: 2, name: 'Competencia Matemática M1', in_progress_user_test_id: 88 }),
    ],
  },
  {
    id: 2,
    name: 'Licencia de conducir clase B',
    subjects: [
      card({
        id: 7,
        name: 'Examen teórico clase B',
        standard_test_id: 2,
        approval_grade: 33,
        has_access: false,
        subscription_id: null,
      }),
    ],
  },
];

function subjectsApi(reply: { status: number; body: unknown }) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/subjects': () => reply,
  });
}

const cardOf = (name: string) => screen.getByRole('article', { name });

describe('subjects page', () => {
  it('shows the cards of each standard test with the actions their access and history allow', async () => {
    subjectsApi({ status: 200, body: { data: subjectList } });
    renderApp('/materias');

    expect(await screen.findByRole('heading', { name: 'PAES', level: 2 })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Licencia de conducir clase B' }),
    ).toBeInTheDocument();

    const reading = cardOf('Competencia Lectora');
    expect(within(reading).getByRole('button', { name: 'Rendir pruebas' })).toBeEnabled();
    expect(within(reading).getByRole('button', { name: 'Ver historial' })).toBeEnabled();
    expect(within(reading).getByText('3 pruebas rendidas')).toBeInTheDocument();

    const math = cardOf('Competencia Matemática M1');
    expect(within(math).getByRole('button', { name: 'Ver historial' })).toBeDisabled();
    expect(within(math).getByRole('button', { name: 'Ver estadísticas' })).toBeDisabled();
    expect(within(math).getByRole('button', { name: 'Retomar prueba en curso' })).toBeEnabled();

    const classB = cardOf('Examen teórico clase B');
    expect(within(classB).queryByRole('button', { name: 'Rendir pruebas' })).toBeNull();
    expect(within(classB).getByRole('link', { name: 'Ver paquetes' })).toHaveAttribute(
      'href',
      '/paquetes',
    );
  });

  it('stores the control context of the chosen subject and opens the next screen', async () => {
    subjectsApi({ status: 200, body: { data: subjectList } });
    const { user, pathname } = renderApp('/materias');
    await screen.findByRole('article', { name: 'Competencia Lectora' });

    await user.click(
      within(cardOf('Competencia Lectora')).getByRole('button', { name: 'Ver estadísticas' }),
    );

    expect(pathname()).toBe('/estadistica');
    expect(JSON.parse(sessionStorage.getItem('control')!)).toEqual({
      subjectId: 1,
      subjectName: 'Competencia Lectora',
      subjectApprovalGrade: 458,
      subscriptionId: 3,
      standartTestId: 1,
      periodId: 10,
      testCount: 3,
      hasAccess: true,
      type: 'custom',
      userTestId: null,
    });
  });

  it('resumes the test in progress', async () => {
    installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
      'GET /api/subjects': () => ({ status: 200, body: { data: subjectList } }),
      'GET /api/user-tests/88': () => ({ status: 404, body: { message: 'No encontrado.' } }),
    });
    const { user, pathname } = renderApp('/materias');
    await screen.findByRole('article', { name: 'Competencia Matemática M1' });

    await user.click(screen.getByRole('button', { name: 'Retomar prueba en curso' }));

    await waitFor(() => expect(pathname()).toBe('/test'));
    expect(JSON.parse(sessionStorage.getItem('control')!).userTestId).toBe(88);
    expect(localStorage.getItem('header')).toBe('0');
  });

  it('goes to the dashboard after "Too many attempts."', async () => {
    subjectsApi({ status: 429, body: { message: 'Too Many Requests' } });
    const { pathname } = renderApp('/materias');

    expect(await screen.findByText('Demasiados intentos.')).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/dashboard'));
  });
});
