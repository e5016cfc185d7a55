import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { formatDateTime } from '../../../../lib/format.ts';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, meAs } from '../test/admin-fixtures.ts';
import { chooseOption } from '../test/choose-option.ts';

// The back office schedules the national ensayos and follows them.

const scheduled = (change: Partial<AdminScheduledExam>): AdminScheduledExam => ({
  id: 4,
  title: 'Ensayo nacional M1 de marzo',
  title_en: null,
  subject_id: 2,
  subject_name: 'M1',
  elective_theme_id: null,
  question_count: 65,
  starts_at: '2026-03-14T13:00:00.000Z',
  duration_minutes: 140,
  late_join_minutes: 30,
  audience: 'subscribers',
  state: 'upcoming',
  participant_count: 120,
  prepared_count: 0,
  submitted_count: 0,
  created_at: '2026-03-01T12:00:00.000Z',
  ...change,
});

function scheduledApi(initial: AdminScheduledExam[]) {
  let exams = initial;
  let refusals = 1;
  return installFakeApi({
    'GET /api/me': meAs(adminUser),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    ...catalogueHandlers,
    'GET /api/admin/scheduled-exams': () => ({ status: 200, body: { data: exams } }),
    'POST /api/admin/scheduled-exams': (request) => {
      if (refusals-- > 0)
        return {
          status: 422,
          body: {
            message: 'Los datos no son válidos.',
            errors: { starts_at: ['El inicio debe ser al menos una hora después de ahora.'] },
          },
        };
      const body = request.body as { title: string; starts_at: string };
      const created = scheduled({ id: 9, title: body.title, starts_at: body.starts_at });
      exams = [created, ...exams];
      return { status: 201, body: { data: created } };
    },
    'DELETE /api/admin/scheduled-exams/4': () => {
      exams = exams.map((exam) => (exam.id === 4 ? { ...exam, state: 'cancelled' } : exam));
      return { status: 204 };
    },
  });
}

describe('national ensayos in the back office', () => {
  it('lists the ensayos with their state, their counts, and cancels one that has not started', async () => {
    const { requests } = scheduledApi([
      scheduled({}),
      scheduled({
        id: 5,
        title: 'Ensayo de lectura',
        subject_name: 'Competencia Lectora',
        state: 'live',
        participant_count: 300,
        prepared_count: 298,
        submitted_count: 12,
      }),
      scheduled({ id: 6, title: 'Ensayo cerrado', state: 'closed' }),
      scheduled({ id: 7, title: 'Ensayo en sala', state: 'waiting_room' }),
    ]);
    const { user } = renderApp('/admin/scheduled-exams');
    expect(
      await screen.findByRole('heading', { name: 'Ensayos nacionales', level: 1 }),
    ).toBeInTheDocument();

    const row = (title: string) => screen.getByRole('row', { name: new RegExp(title) });
    await screen.findByRole('cell', { name: 'Ensayo de lectura' });
    expect(
      within(row('Ensayo nacional M1'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ensayo nacional M1 de marzo',
      'M1',
      `${formatDateTime('2026-03-14T13:00:00.000Z')} · 140 min · 65 preguntas`,
      'Programado',
      '120 · 0 · 0',
      'Cancelar ensayo',
    ]);
    expect(row('Ensayo de lectura')).toHaveTextContent('En curso');
    expect(row('Ensayo de lectura')).toHaveTextContent('300 · 298 · 12');
    expect(row('Ensayo cerrado')).toHaveTextContent('Cerrado');
    expect(row('Ensayo en sala')).toHaveTextContent('Sala de espera abierta');
    // Only one that has not started can be cancelled.
    expect(within(row('Ensayo de lectura')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Ensayo cerrado')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(row('Ensayo en sala')).getByRole('button', { name: 'Cancelar ensayo' }),
    ).toBeInTheDocument();

    await user.click(
      within(row('Ensayo nacional M1')).getByRole('button', { name: 'Cancelar ensayo' }),
    );
    expect(
      await screen.findByText(
        '¿Cancelar «Ensayo nacional M1 de marzo»? Los estudiantes dejarán de verlo.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sí' }));
    await waitFor(() => expect(row('Ensayo nacional M1')).toHaveTextContent('Cancelado'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/admin/scheduled-exams/4',
    ]);
  });

  it('schedules an ensayo: the start in ISO, a 422 beside its field, then the new one listed', async () => {
    const { requests } = scheduledApi([]);
    const { user } = renderApp('/admin/scheduled-exams');
    expect(await screen.findByText('Aún no hay ensayos programados.')).toBeInTheDocument();

    // What is missing is said before asking the server.
    await user.click(screen.getByRole('button', { name: 'Programar ensayo' }));
    expect(await screen.findAllByText('Este campo es obligatorio.')).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Nombre'), '  Ensayo nacional de abril ');
    await chooseOption(user, 'Materia', 'M1');
    fireEvent.change(screen.getByLabelText('Inicio'), { target: { value: '2026-04-11T10:30' } });
    const duration = screen.getByLabelText('Duración (minutos)');
    expect(duration).toHaveValue('140');
    await user.clear(duration);
    await user.type(duration, '120');
    expect(screen.getByLabelText('Minutos para entrar atrasado')).toHaveValue('30');
    await user.click(screen.getByRole('button', { name: 'Programar ensayo' }));

    const start = screen.getByLabelText('Inicio');
    const error = await screen.findByText('El inicio debe ser al menos una hora después de ahora.');
    // Beside its field, and named by it for a screen reader.
    expect(error.closest('.form-field')).toBe(start.closest('.form-field'));
    expect(start).toHaveAccessibleDescription(
      'El inicio debe ser al menos una hora después de ahora.',
    );
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Este campo es obligatorio.')).not.toBeInTheDocument();
    const expected = {
      title: 'Ensayo nacional de abril',
      title_en: null,
      subject_id: 2,
      elective_theme_id: null,
      starts_at: new Date(2026, 3, 11, 10, 30).toISOString(),
      duration_minutes: 120,
      late_join_minutes: 30,
    };
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual(expected);

    fireEvent.change(start, { target: { value: '2026-04-12T10:30' } });
    await user.click(screen.getByRole('button', { name: 'Programar ensayo' }));
    expect(await screen.findByText('Ensayo programado.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      ...expected,
      starts_at: new Date(2026, 3, 12, 10, 30).toISOString(),
    });
    expect(
      screen.queryByText('El inicio debe ser al menos una hora después de ahora.'),
    ).not.toBeInTheDocument();
    expect(
      await screen.findByRole('cell', { name: 'Ensayo nacional de abril' }),
    ).toBeInTheDocument();
    // The name is cleared for the next one.
    expect(screen.getByLabelText('Nombre')).toHaveValue('');
  });
});
