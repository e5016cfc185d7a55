import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ItemAnalysisDetail, ItemAnalysisRow } from '../api/item-analysis.ts';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, list, meAs } from '../test/admin-fixtures.ts';

const periods = [
  {
    id: 7,
    subject_id: 2,
    name: 'Admisión 2026',
    test_duration: 140,
    question_count: 65,
    is_current: false,
  },
  {
    id: 8,
    subject_id: 2,
    name: 'Admisión 2027',
    test_duration: 140,
    question_count: 65,
    is_current: true,
  },
];

const row = (overrides: Partial<ItemAnalysisRow>): ItemAnalysisRow => ({
  stem_id: 40,
  stem_number: 1,
  theme_name: 'Números',
  excerpt: '¿Cuánto es 2 + 2?',
  is_active: true,
  attempts: 8,
  correct: 4,
  unanswered: 1,
  facility: 0.5,
  discrimination: 0.7559,
  discrimination_n: 8,
  average_seconds: 85.4,
  choices: [
    { choice_id: 1, position: 1, is_correct: true, chosen: 4, share: 0.5 },
    { choice_id: 2, position: 2, is_correct: false, chosen: 2, share: 0.25 },
    { choice_id: 3, position: 3, is_correct: false, chosen: 1, share: 0.125 },
    { choice_id: 4, position: 4, is_correct: false, chosen: 0, share: 0 },
  ],
  comments: 0,
  flags: [],
  ...overrides,
});

const rows = [
  row({}),
  row({
    stem_id: 41,
    stem_number: 2,
    excerpt: 'Una pregunta demasiado fácil',
    attempts: 40,
    correct: 39,
    facility: 0.975,
    discrimination: null,
    average_seconds: null,
    comments: 2,
    flags: ['unused_distractor', 'too_easy'],
  }),
];

const answer = (data: ItemAnalysisRow[]) => ({
  status: 200,
  body: {
    data,
    meta: {
      page: 1,
      per_page: 20,
      total: data.length,
      subject_id: 2,
      min_n: 30,
      pending_attempts: 0,
      updated_at: null,
    },
  },
});

describe('item analysis', () => {
  it("lists the current period's questions, sorts and filters those with alerts", async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/periods': () => list(periods),
      'GET /api/admin/item-analysis': (request) => {
        const flagged = new URLSearchParams(request.search).get('flagged') === 'true';
        return answer(flagged ? rows.filter((r) => r.flags.length > 0) : rows);
      },
    });
    const { user } = renderApp('/admin/item-analysis?subject_id=2');

    expect(await screen.findByRole('heading', { name: 'Análisis de ítems' })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: '¿Cuánto es 2 + 2?' });
    expect(first).toHaveAttribute('href', expect.stringContaining('/admin/item-analysis/40?'));
    expect(first.getAttribute('href')).toContain('period_id=8');
    const easy = screen.getByRole('row', { name: /Una pregunta demasiado fácil/ });
    expect(within(easy).getAllByRole('cell')[3]).toHaveTextContent('97,5 %');
    expect(within(easy).getByText('Demasiado fácil')).toBeInTheDocument();
    expect(easy).toHaveTextContent('N.º 2 · Números · 2 comentarios');
    expect(within(easy).getByText('Distractor que nadie elige')).toBeInTheDocument();
    const hand = screen.getByRole('row', { name: /Cuánto es 2 \+ 2/ });
    expect(within(hand).getByText('0,76')).toBeInTheDocument();
    expect(within(hand).getAllByRole('cell')[3]).toHaveTextContent('50 %');
    expect(within(hand).getByText('Ninguna')).toBeInTheDocument();
    // 85.4 s rounds to 85: 1 min 25 s; no timed answers: a dash.
    expect(within(hand).getAllByRole('cell')[5]).toHaveTextContent('1 min 25 s');
    expect(within(easy).getAllByRole('cell')[5]).toHaveTextContent('–');
    const listRequest = requests.filter((r) => r.path === '/api/admin/item-analysis').at(-1)!;
    expect(new URLSearchParams(listRequest.search).get('period_id')).toBe('8');

    await user.click(screen.getByRole('columnheader', { name: /Facilidad/ }));
    await waitFor(() => {
      const params = new URLSearchParams(
        requests.filter((r) => r.path === '/api/admin/item-analysis').at(-1)!.search,
      );
      expect(params.get('sort')).toBe('facility');
    });
    await user.click(screen.getByRole('columnheader', { name: /Tiempo promedio/ }));
    await waitFor(() => {
      const params = new URLSearchParams(
        requests.filter((r) => r.path === '/api/admin/item-analysis').at(-1)!.search,
      );
      expect(params.get('sort')).toBe('average_seconds');
    });

    await user.click(screen.getByRole('checkbox', { name: 'Solo con alertas' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: '¿Cuánto es 2 + 2?' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Una pregunta demasiado fácil' })).toBeInTheDocument();
  });

  it('shows a question with its option distribution and the comments', async () => {
    const detail: ItemAnalysisDetail = {
      ...row({ comments: 1, average_seconds: 42.5 }),
      period_id: 8,
      subject_id: 2,
      statement_html: '<p>¿Cuánto es 2 + 2?</p>',
      choices: row({}).choices.map((choice, index) => ({
        ...choice,
        body_html: ['4', '5', '22', '0'][index]!,
      })),
      comment_list: [
        {
          id: 3,
          comment: 'La alternativa 22 confunde.',
          created_at: '2026-11-20T12:00:00.000Z',
          resolved_at: null,
        },
      ],
    };
    installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/item-analysis/40': () => ({ status: 200, body: { data: detail } }),
    });
    renderApp('/admin/item-analysis/40?period_id=8&subject_id=2');

    expect(
      await screen.findByRole('heading', { name: 'Pregunta 1: análisis del ítem' }),
    ).toBeInTheDocument();
    const options = screen.getByRole('list', {
      name: 'Porcentaje de intentos que eligió cada alternativa',
    });
    const items = within(options).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('A (respuesta correcta)');
    expect(items[0]).toHaveTextContent('50 % (4)');
    expect(items[2]).toHaveTextContent('22');
    expect(items[2]).toHaveTextContent('12,5 % (1)');
    expect(items[4]).toHaveTextContent('Sin responder');
    expect(screen.getByText('La alternativa 22 confunde.')).toBeInTheDocument();
    const time = screen.getByText('Tiempo promedio').closest('div')!;
    expect(time).toHaveTextContent('43 s (aprox.)'); // 42.5 s rounds to 43
    expect(screen.getByText(/El tiempo promedio es aproximado/)).toHaveTextContent(
      'con un máximo de 30 minutos',
    );
    expect(screen.getByRole('link', { name: /Volver al análisis de ítems/ })).toHaveAttribute(
      'href',
      '/admin/item-analysis?period_id=8&subject_id=2',
    );
  });

  it('is not shown to students', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs({ ...adminUser, role: 'student' as never }),
    });
    renderApp('/admin/item-analysis?subject_id=2&period_id=8');
    expect(await screen.findByText('Acceso no permitido')).toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/api/admin/'))).toBe(false);
  });
});
