import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import type { Question } from '../api/types.ts';
import { adminUser, catalogueHandlers, list, meAs, question } from '../test/admin-fixtures.ts';
import { statementExcerpt } from './questions-page.tsx';

const page = (number: number): Question[] =>
  Array.from({ length: number === 1 ? 20 : 5 }, (_, i) => {
    const id = (number - 1) * 20 + i + 1;
    return { ...question, id, statement: `<p>Pregunta número ${id}</p>` };
  });

describe('questions list', () => {
  it('renders the rows of a page and asks the server for the next one', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/questions': (request) => {
        const number = Number(new URLSearchParams(request.search).get('page'));
        return list(page(number), 25, number);
      },
    });
    const { user } = renderApp('/admin/questions');

    expect(await screen.findByRole('link', { name: 'Pregunta número 1' })).toHaveAttribute(
      'href',
      '/admin/questions/1',
    );
    expect(screen.getByText('25 en total')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);

    await user.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Pregunta número 21' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pregunta número 1' })).not.toBeInTheDocument();
    const lastList = requests.filter((r) => r.path === '/api/admin/questions').at(-1)!;
    expect(new URLSearchParams(lastList.search).get('page')).toBe('2');
    expect(new URLSearchParams(lastList.search).get('per_page')).toBe('20');
  });

  it('sends the search to the server and goes back to the first page', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/questions': (request) => {
        const search = new URLSearchParams(request.search).get('search');
        return search ? list([{ ...question, statement: '<p>Fracciones</p>' }]) : list(page(1), 25);
      },
    });
    const { user } = renderApp('/admin/questions?page=2');
    await screen.findByRole('link', { name: 'Pregunta número 1' });

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'fracci{Enter}');
    const table = screen.getByRole('table');
    expect(await within(table).findByRole('link', { name: 'Fracciones' })).toBeInTheDocument();
    await waitFor(() => {
      const params = new URLSearchParams(requests.at(-1)!.search);
      expect(params.get('search')).toBe('fracci');
      expect(params.get('page')).toBe('1');
    });
  });

  it('shows statements as plain text excerpts', () => {
    expect(statementExcerpt('<p>Hola <b>mundo</b></p>')).toBe('Hola mundo');
    expect(statementExcerpt(`<p>${'a'.repeat(200)}</p>`)).toHaveLength(140);
  });
});
