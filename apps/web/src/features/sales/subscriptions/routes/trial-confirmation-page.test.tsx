import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../../test/render-app.tsx';
import { makeAttempt } from '../../../../engine-kit/test/engine-fixtures.ts';
import { studentApi, subscription } from '../test/subscription-fixtures.ts';

const DAY_MS = 86_400_000;

describe('trial confirmation (/confirmacion)', () => {
  it('says the trial started and when it ends; continue stores status and days left and opens the dashboard', async () => {
    // Started two and a half days ago: 7 - 2 whole days = 5 days left (core's trialDaysLeft).
    const startedAt = new Date(Date.now() - 2.5 * DAY_MS);
    const trial = subscription({
      status: 'Trial',
      trial_started_at: startedAt.toISOString(),
      trial_ends_at: '2026-03-08T23:30:00.000Z',
      trial_days_left: 7,
    });
    localStorage.setItem('subscription', '40');
    studentApi({
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: trial } }),
    });
    const { user, pathname, queryClient } = renderApp(
      '/confirmacion?subscription=40&payment=trial',
    );

    expect(
      await screen.findByRole('heading', { name: '¡Tu período de prueba comenzó!' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        /termina el 08\/03\/2026\. Hasta entonces tienes acceso completo a tus materias/,
      ),
    ).toBeVisible();
    const steps = within(screen.getByRole('navigation', { name: 'Pasos de la suscripción' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      '✓Registro(completado)',
      '✓E-mail(completado)',
      '✓Materias(completado)',
      '✓Dirección(completado)',
      '✓Resumen(completado)',
      '6Completado',
    ]);

    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => expect(pathname()).toBe('/dashboard'));
    expect(queryClient.getQueryData(['user-subscriptions', 'after-login'])).toEqual({
      route: '/dashboard',
      subscription_id: 40,
      status: 'Trial',
      trial_days_left: 5,
    });
    expect(localStorage.getItem('subscription')).toBeNull();
  });

  it('starts a first practice of a subject in one tap: 10 questions, study mode', async () => {
    const trial = subscription({
      status: 'Trial',
      trial_started_at: new Date().toISOString(),
      trial_ends_at: '2026-03-08T23:30:00.000Z',
    });
    const { requests } = studentApi({
      'GET /api/user-subscriptions/40': () => ({ status: 200, body: { data: trial } }),
      'POST /api/user-tests': () => ({ status: 201, body: { data: makeAttempt(10) } }),
    });
    const { user, pathname } = renderApp('/confirmacion?subscription=40&payment=trial');

    expect(await screen.findByRole('heading', { name: 'Empieza a practicar' })).toBeVisible();
    expect(
      screen.getByText('10 preguntas, con la explicación de cada respuesta. Sin tiempo límite.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Practicar Competencia Matemática M1' }));

    await waitFor(() => expect(pathname()).toBe('/test'));
    const started = requests.find((r) => r.method === 'POST' && r.path === '/api/user-tests');
    expect(started?.body).toEqual({
      subject_id: trial.subjects[1]!.id,
      mode: 'practice',
      selection: { value: 2, limit: 10 },
      random_question: true,
      random_answer: false,
      study_mode: true,
    });
  });
});
