import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { storeControl } from '../../../../engine-kit/test/engine-fixtures.ts';
import { historyRow, subjectList } from '../test/history-fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

type Handlers = Parameters<typeof installFakeApi>[0];

function historyApi({ hasAccess = true, total = 23, handlers = {} as Handlers } = {}) {
  return installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
    'GET /api/csrf-cookie': () => {
      document.cookie = 'XSRF-TOKEN=token-1; Path=/';
      return { status: 204 };
    },
    'GET /api/subjects': () => ({ status: 200, body: subjectList(hasAccess) }),
    'GET /api/subjects/7/user-tests': (request) => {
      const params = new URLSearchParams(request.search);
      const page = Number(params.get('page'));
      const first = (page - 1) * 10 + 1;
      const count = Math.min(10, total - first + 1);
      const type = params.get('type') === 'official' ? 'official' : 'custom';
      return {
        status: 200,
        body: {
          data: Array.from({ length: count }, (_, index) =>
            historyRow(first + index, {
              type,
              mode: type === 'official' ? 'mock_exam' : 'practice',
            }),
          ),
          meta: { page, per_page: 10, total },
        },
      };
    },
    ...handlers,
  });
}

function historyCalls(requests: RecordedRequest[]) {
  return requests
    .filter((request) => request.path === '/api/subjects/7/user-tests')
    .map((request) => Object.fromEntries(new URLSearchParams(request.search)));
}

const rowBox = (id: number) => screen.getByRole('checkbox', { name: new RegExp(`\\(N° ${id}\\)`) });

describe('history', () => {
  it('lists the subject of the control context, newest first, 10 a page, with the time of day', async () => {
    storeControl();
    const { requests } = historyApi();
    renderApp('/historico');

    expect(await screen.findByRole('heading', { name: 'Historial de prácticas' })).toBeVisible();
    await screen.findByText('23 pruebas');
    expect(historyCalls(requests)[0]).toEqual({
      type: 'custom',
      sort: 'date',
      order: 'desc',
      page: '1',
      per_page: '10',
    });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    // Row 1: sent 2026-03-11 23:30 UTC, shown in the student's time zone with its time.
    expect(
      within(rows[0]!).getByText(formatDateTime('2026-03-11T23:30:00.000Z')),
    ).toBeInTheDocument();
    expect(formatDateTime('2026-03-11T23:30:00.000Z')).toMatch(/^\d\d\/03\/2026 \d\d:30$/);
    expect(within(rows[0]!).getByText('Aprobado')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Práctica')).toBeInTheDocument();
    // A practice's score is 0 by the spec: the column shows its % correct instead.
    expect(within(rows[0]!).getByText('60 %')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('0')).not.toBeInTheDocument();
  });

  it('shows a mock exam’s grade and its pilot questions apart, so the numbers add up', async () => {
    storeControl();
    historyApi({
      handlers: {
        'GET /api/subjects/7/user-tests': () => ({
          status: 200,
          body: {
            data: [
              historyRow(1, {
                type: 'official',
                mode: 'mock_exam',
                score: 612,
                min_passed: null,
                total_test_stems: 75,
                total_correct_choices: 50,
                pilot_count: 5,
              }),
            ],
            meta: { page: 1, per_page: 10, total: 1 },
          },
        }),
      },
    });
    renderApp('/historico/ensayo');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('612')).toBeInTheDocument();
    expect(within(row).getByText('75 + 5 piloto')).toHaveAttribute(
      'title',
      '5 preguntas piloto no puntuadas, como en la PAES real',
    );
  });

  it('switches between practice tests, mock exams and drills, each at its own address', async () => {
    storeControl();
    const { requests } = historyApi();
    const { user, pathname } = renderApp('/historico');
    const kinds = await screen.findByRole('navigation', { name: 'Tipo de prueba' });
    expect(within(kinds).getByRole('link', { name: 'Prácticas' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(kinds).getByRole('link', { name: 'Ensayos' }));
    expect(await screen.findByRole('heading', { name: 'Historial de ensayos' })).toBeVisible();
    expect(pathname()).toBe('/historico/ensayo');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Tipo de prueba' })).getByRole('link', {
        name: 'Repasos',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Historial de repasos' })).toBeVisible();
    await waitFor(() =>
      expect(historyCalls(requests).map((call) => call.type)).toEqual([
        'custom',
        'official',
        'wrong_answers',
      ]),
    );
  });

  it('shows the rows as cards below 840 px, with the sort in a select', async () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width: 840px'),
          media: query,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
    try {
      storeControl();
      historyApi();
      const { user } = renderApp('/historico');
      await screen.findByText('23 pruebas');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = screen.getAllByRole('article');
      expect(cards).toHaveLength(10);
      expect(within(cards[0]!).getByText('6 de 10')).toBeInTheDocument();
      await user.click(rowBox(1));
      expect(screen.getByRole('toolbar', { name: 'Acciones sobre la selección' })).toBeVisible();
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('sends the sort of a clicked column to the server and pages through', async () => {
    storeControl();
    const { requests } = historyApi();
    const { user } = renderApp('/historico');
    await screen.findByText('23 pruebas');

    await user.click(screen.getByRole('columnheader', { name: /Puntaje/ }));
    await waitFor(() =>
      expect(historyCalls(requests).at(-1)).toMatchObject({ sort: 'score', order: 'desc' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Puntaje/ }));
    await waitFor(() =>
      expect(historyCalls(requests).at(-1)).toMatchObject({ sort: 'score', order: 'asc' }),
    );
    await user.click(screen.getByRole('columnheader', { name: /Tiempo/ }));
    await waitFor(() =>
      expect(historyCalls(requests).at(-1)).toMatchObject({ sort: 'time', order: 'desc' }),
    );
    // Result and select are not sortable.
    expect(screen.getByRole('columnheader', { name: 'Resultado' })).not.toHaveAttribute(
      'aria-sort',
    );

    await user.click(screen.getByTitle('3'));
    await waitFor(() =>
      expect(historyCalls(requests).at(-1)).toMatchObject({ sort: 'time', page: '3' }),
    );
    await waitFor(() => expect(screen.getAllByRole('row').slice(1)).toHaveLength(3));
  });

  it('shows delete, return and review for one row and delete all for several, with access', async () => {
    storeControl();
    historyApi();
    const { user } = renderApp('/historico');
    await screen.findByText('23 pruebas');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();

    await user.click(rowBox(1));
    const toolbar = await screen.findByRole('toolbar', { name: 'Acciones sobre la selección' });
    expect(within(toolbar).getByText('1 seleccionada')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Eliminar' })).toBeVisible();
    expect(within(toolbar).getByRole('button', { name: 'Volver a rendir' })).toBeVisible();
    expect(within(toolbar).getByRole('button', { name: 'Revisar' })).toBeVisible();
    expect(within(toolbar).queryByRole('button', { name: 'Eliminar todas' })).toBeNull();

    await user.click(rowBox(2));
    expect(within(toolbar).getByText('2 seleccionadas')).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Eliminar todas' })).toBeVisible();
    expect(within(toolbar).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: 'Volver a rendir' })).toBeNull();
    expect(within(toolbar).queryByRole('button', { name: 'Revisar' })).toBeNull();
  });

  it('keeps the history readable but hides the actions without an active subscription', async () => {
    storeControl({ hasAccess: false });
    historyApi({ hasAccess: false });
    const { user } = renderApp('/historico');
    await screen.findByText('23 pruebas');
    expect(await screen.findByText(/Sin una suscripción activa/)).toBeInTheDocument();
    await user.click(rowBox(1));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
  });

  it('takes the subject from ?subject_id= and reviews exactly one row', async () => {
    historyApi();
    const { user, pathname } = renderApp('/historico/ensayo?subject_id=7');
    expect(await screen.findByRole('heading', { name: 'Historial de ensayos' })).toBeVisible();
    await screen.findByText('23 pruebas');
    expect(screen.getAllByText('Ensayo').length).toBeGreaterThan(0);
    await user.click(rowBox(4));
    await user.click(await screen.findByRole('button', { name: 'Revisar' }));
    await waitFor(() => expect(pathname()).toBe('/revisar'));
  });

  it('returns to /temashistorial with the attempt stored in the control context', async () => {
    storeControl();
    historyApi();
    const { user, pathname } = renderApp('/historico');
    await screen.findByText('23 pruebas');
    await user.click(rowBox(3));
    await user.click(await screen.findByRole('button', { name: 'Volver a rendir' }));
    await waitFor(() => expect(pathname()).toBe('/temashistorial'));
    expect(JSON.parse(sessionStorage.getItem('control')!)).toMatchObject({
      subjectId: 7,
      userTestId: 3,
    });
  });

  it('deletes one row after confirming: the message after 2 s, /materias 3 s later', async () => {
    storeControl();
    const { requests } = historyApi({
      handlers: {
        'DELETE /api/user-tests/1': () => ({
          status: 200,
          body: { message: 'La prueba fue eliminada.', deleted: 1 },
        }),
      },
    });
    const { pathname } = renderApp('/historico');
    await screen.findByText('23 pruebas');
    fireEvent.click(rowBox(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar prueba' });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/user-tests/1')).toBe(
        true,
      ),
    );
    // The message waits 2 seconds (the fake clock also follows real time: half a second slack).
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(screen.queryByText('La prueba fue eliminada.')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('La prueba fue eliminada.')).toBeInTheDocument();
    // Then 3 more seconds before leaving.
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(pathname()).toBe('/historico');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(pathname()).toBe('/materias');
  });

  it('deletes several official tests with user_test_ids and then goes to /ensayo', async () => {
    storeControl({ type: 'official' });
    const { requests } = historyApi({
      handlers: {
        'DELETE /api/user-tests': () => ({
          status: 200,
          body: { message: 'Se eliminaron 2 pruebas.', deleted: 2 },
        }),
      },
    });
    const { pathname } = renderApp('/historico/ensayo');
    await screen.findByText('23 pruebas');
    fireEvent.click(rowBox(1));
    fireEvent.click(rowBox(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar todas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar pruebas' });
    expect(within(dialog).getByText(/las 2 pruebas seleccionadas/)).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'DELETE' && r.path === '/api/user-tests')?.body,
      ).toEqual({ user_test_ids: [1, 2] }),
    );
    await act(() => vi.advanceTimersByTimeAsync(2050));
    expect(screen.getByText('Se eliminaron 2 pruebas.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3050));
    expect(pathname()).toBe('/ensayo');
  });
});
