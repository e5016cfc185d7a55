import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { AppProviders } from '../../../../app/providers.tsx';
import { setLanguage } from '../../../../lib/i18n.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { makeExam } from '../test/scheduled-exam-fixtures.ts';
import { clockTime } from '../lib/countdown.ts';
import { ScheduledExamsCard } from './scheduled-exams-card.tsx';

const MINUTE = 60_000;
// The server's clock: the device's may differ, the card counts by the server's.
const NOW = Date.UTC(2026, 2, 14, 12, 0, 0);

function renderCard(exams: ScheduledExam[]) {
  const api = installFakeApi({
    'GET /api/scheduled-exams': () => ({ status: 200, body: { data: exams } }),
  });
  const view = render(
    <AppProviders queryClient={createQueryClient({ retry: false })}>
      <MemoryRouter>
        <ScheduledExamsCard />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, ...api };
}

const item = (title: string) =>
  screen.getAllByRole('listitem').find((element) => element.textContent?.includes(title))!;

describe('ScheduledExamsCard', () => {
  it('lists the ensayos to come and running, each with its countdown or state and the way in', async () => {
    const live = makeExam(NOW, -10 * MINUTE, {
      id: 5,
      title: 'Ensayo en curso',
      joined: true,
      user_test_id: 80,
    });
    renderCard([
      makeExam(NOW, 2 * 86_400_000 + 3 * 3600_000 + 4 * MINUTE + 5000 + 15 * MINUTE, {
        title: 'Ensayo de abril',
      }),
      makeExam(NOW, 10 * MINUTE, { id: 6, title: 'Ensayo de hoy', joined: true }),
      live,
      makeExam(NOW, -200 * MINUTE, {
        id: 7,
        title: 'Ensayo rendido',
        state: 'closed',
        joined: true,
        submitted: true,
      }),
      makeExam(NOW, -150 * MINUTE, {
        id: 8,
        title: 'Ensayo cerrando',
        state: 'closing',
        joined: true,
        submitted: true,
      }),
    ]);

    const card = await screen.findByRole('region', { name: 'Ensayos nacionales' });
    expect(card).toHaveTextContent(
      'Rinde el mismo ensayo que todos, a la misma hora, y compárate con quienes lo rindieron.',
    );
    expect(within(card).getAllByRole('listitem')).toHaveLength(5);

    const april = item('Ensayo de abril');
    expect(april).toHaveTextContent(
      /Competencia Matemática 1 \(M1\) · \d\d\/\d\d\/2026 \d\d:\d\d · 140 min · 65 preguntas/,
    );
    expect(april).toHaveTextContent(/La sala de espera abre en 2 d 03:0[34]:\d\d/);
    expect(
      within(april).getByRole('link', { name: 'Ver ensayo: Ensayo de abril' }),
    ).toHaveAttribute('href', '/ensayo-nacional/4');

    const today = item('Ensayo de hoy');
    expect(today).toHaveTextContent(/Comienza en (10:00|09:5\d) · Inscrito/);
    expect(
      within(today).getByRole('link', { name: 'Ir a la sala de espera: Ensayo de hoy' }),
    ).toHaveAttribute('href', '/ensayo-nacional/6');

    const running = item('Ensayo en curso');
    expect(running).toHaveTextContent(
      `En curso: puedes entrar hasta las ${clockTime(live.join_closes_at)} · Inscrito`,
    );
    expect(
      within(running).getByRole('link', { name: 'Ir a la sala de espera: Ensayo en curso' }),
    ).toHaveAttribute('href', '/ensayo-nacional/5');

    const sat = item('Ensayo rendido');
    expect(sat).toHaveTextContent('Resultados listos');
    expect(sat).not.toHaveTextContent('Inscrito');
    expect(
      within(sat).getByRole('link', { name: 'Ver mis resultados: Ensayo rendido' }),
    ).toHaveAttribute('href', '/ensayo-nacional/7');

    expect(item('Ensayo cerrando')).toHaveTextContent('Calculando los resultados · Inscrito');
  });

  it('moves an ensayo on with the clock between two reads of the list', async () => {
    // Read as upcoming, but the server's clock has passed the opening already.
    renderCard([
      makeExam(NOW, 10 * MINUTE, { state: 'upcoming' }),
      makeExam(NOW, -1 * MINUTE, { id: 6, title: 'Otro', state: 'waiting_room' }),
    ]);
    await screen.findByRole('region', { name: 'Ensayos nacionales' });
    expect(item('Ensayo nacional M1')).toHaveTextContent(/Comienza en (10:00|09:5\d)/);
    expect(item('Otro')).toHaveTextContent('En curso: puedes entrar hasta las');
  });

  it('hides cancelled ensayos and those that ended without the student', async () => {
    const { container, requests } = renderCard([
      makeExam(NOW, 60 * MINUTE, { title: 'Cancelado', state: 'cancelled' }),
      makeExam(NOW, -300 * MINUTE, { id: 6, title: 'No rendido', state: 'closed', joined: true }),
      makeExam(NOW, -150 * MINUTE, { id: 7, title: 'Cerrando sin mí', state: 'closing' }),
      makeExam(NOW, 60 * MINUTE, { id: 8, title: 'Visible' }),
    ]);
    const card = await screen.findByRole('region', { name: 'Ensayos nacionales' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    expect(card).toHaveTextContent('Visible');
    expect(container).not.toHaveTextContent(/Cancelado|No rendido|Cerrando sin mí/);
    expect(requests.map((request) => request.path)).toEqual(['/api/scheduled-exams']);
  });

  it('renders nothing without ensayos to show', async () => {
    const { container, requests } = renderCard([]);
    await expect.poll(() => requests.length).toBe(1);
    // Let the answer reach the card.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container).toBeEmptyDOMElement();

    const other = renderCard([makeExam(NOW, 60 * MINUTE, { state: 'cancelled' })]);
    await expect.poll(() => other.requests.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.container).toBeEmptyDOMElement();
  });

  it('speaks English', async () => {
    setLanguage('en');
    renderCard([makeExam(NOW, 10 * MINUTE, { joined: true })]);
    const card = await screen.findByRole('region', { name: 'National mock exams' });
    expect(card).toHaveTextContent(/Starts in (10:00|09:5\d) · Joined/);
    expect(
      within(card).getByRole('link', {
        name: 'Go to the waiting room: Ensayo nacional M1 de marzo',
      }),
    ).toBeInTheDocument();
  });
});
