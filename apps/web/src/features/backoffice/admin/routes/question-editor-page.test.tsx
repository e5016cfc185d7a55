import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type RecordedRequest } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import type { QuestionPreviewInput } from '../api/types.ts';
import { adminUser, catalogueHandlers, list, meAs, question } from '../test/admin-fixtures.ts';

/** A preview endpoint that "renders" by wrapping the source, so a test can see what it sent. */
function previewHandler(request: RecordedRequest) {
  const input = request.body as QuestionPreviewInput;
  return {
    status: 200,
    body: {
      data: {
        statement_html: `<div class="rendered"><span class="katex">${input.statement}</span></div>`,
        solution_html: input.solution,
        choices_html: input.choices.map((choice) => `<span>${choice.body}</span>`),
        render_errors: input.statement.includes('\\frac{')
          ? []
          : ['KaTeX parse error: Undefined control sequence \\fra'],
      },
    },
  };
}

const saves = (requests: RecordedRequest[]) =>
  requests.filter(
    (r) =>
      r.path.startsWith('/api/admin/questions') &&
      r.path !== '/api/admin/questions/preview' &&
      r.method !== 'GET',
  );

describe('question editor', () => {
  it('checks the keys and the choices before saving, in the interface language', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'POST /api/admin/questions/preview': previewHandler,
    });
    const { user } = renderApp('/admin/questions/new');
    await screen.findByRole('heading', { name: 'Nueva pregunta' });

    await user.click(screen.getByLabelText('Enunciado'));
    await user.paste('<p>¿Cuánto es 2 + 2?</p>');
    await user.type(screen.getByLabelText('Alternativa A'), '3');
    await user.type(screen.getByLabelText('Alternativa B'), '4');
    await user.click(screen.getByRole('button', { name: 'Guardar pregunta' }));

    expect(
      await screen.findByText(
        'Una pregunta de selección única tiene exactamente una alternativa correcta.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Elige un tema.')).toBeInTheDocument();
    // Choices C and D are still empty.
    expect(screen.getAllByText('Escribe el texto de esta alternativa.')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Quitar D' }));
    await user.click(screen.getByRole('button', { name: 'Quitar C' }));
    expect(screen.getByRole('button', { name: 'Quitar B' })).toBeDisabled();

    // Several keys: fine for a multi-choice question only.
    await user.click(screen.getByRole('switch', { name: 'Varias respuestas correctas' }));
    await user.click(screen.getByRole('button', { name: 'Guardar pregunta' }));
    expect(
      await screen.findByText(
        'Una pregunta de selección múltiple tiene al menos una alternativa correcta.',
      ),
    ).toBeInTheDocument();
    expect(saves(requests)).toEqual([]);
  });

  it('previews the statement through the server after a pause and shows render errors', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'POST /api/admin/questions/preview': previewHandler,
    });
    const { user } = renderApp('/admin/questions/new');
    await screen.findByRole('heading', { name: 'Nueva pregunta' });
    expect(screen.getByText('Escribe el enunciado para ver la vista previa.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Enunciado'));
    await user.paste('<p>¿Cuánto es \\(\\frac{1}{2}+\\frac{1}{4}\\)?</p>');
    await user.type(screen.getByLabelText('Alternativa A'), '3/4');

    const preview = await screen.findByTestId('question-preview');
    await waitFor(() =>
      expect(preview.querySelector('.katex')).toHaveTextContent('\\frac{1}{2}+\\frac{1}{4}'),
    );
    await waitFor(() => expect(within(preview).getByText('3/4')).toBeInTheDocument());
    const previews = requests.filter((r) => r.path === '/api/admin/questions/preview');
    // Debounced: typing four characters did not send four requests.
    expect(previews.length).toBeLessThanOrEqual(3);
    expect(previews.at(-1)!.body).toEqual({
      statement: '<p>¿Cuánto es \\(\\frac{1}{2}+\\frac{1}{4}\\)?</p>',
      solution: '',
      choices: [{ body: '3/4' }, { body: '' }, { body: '' }, { body: '' }],
    });

    await user.clear(screen.getByLabelText('Enunciado'));
    await user.click(screen.getByLabelText('Enunciado'));
    await user.paste('\\(\\fra 1\\)');
    expect(
      await screen.findByText('KaTeX parse error: Undefined control sequence \\fra'),
    ).toBeInTheDocument();
  });

  it('shows the server 422 errors beside their fields', async () => {
    installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/questions/5': () => ({ status: 200, body: { data: question } }),
      'POST /api/admin/questions/preview': previewHandler,
      'PATCH /api/admin/questions/5': () => ({
        status: 422,
        body: {
          message: 'Los datos no son válidos.',
          errors: {
            'choices.1.body': ['La alternativa B está repetida.'],
            context_id: ['El contexto no es de esta materia.'],
          },
        },
      }),
    });
    const { user } = renderApp('/admin/questions/5');
    expect(await screen.findByRole('heading', { name: 'Pregunta 5' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Alternativa B')).toHaveValue('4');

    await user.click(screen.getByRole('button', { name: 'Guardar pregunta' }));
    expect(await screen.findByText('La alternativa B está repetida.')).toBeInTheDocument();
    expect(screen.getByLabelText('Alternativa B')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('El contexto no es de esta materia.')).toBeInTheDocument();
  });

  it('saves the question and returns to the list, which confirms it', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'GET /api/admin/questions/5': () => ({ status: 200, body: { data: question } }),
      'GET /api/admin/questions': () => list([question]),
      'POST /api/admin/questions/preview': previewHandler,
      'PATCH /api/admin/questions/5': (request) => ({
        status: 200,
        body: { data: { ...question, ...(request.body as object) } },
      }),
    });
    const { user, pathname } = renderApp('/admin/questions/5');
    await screen.findByRole('heading', { name: 'Pregunta 5' });

    await user.click(await screen.findByRole('radio', { name: 'Correcta A' }));
    await user.type(screen.getByLabelText('Fuente (URL)'), 'https://ensaya.cl/fuente');
    // The stored difficulty (hard) is shown, and can be changed.
    expect(screen.getByRole('radio', { name: 'Difícil' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Media' }));
    await user.click(screen.getByRole('button', { name: 'Guardar pregunta' }));

    expect(await screen.findByText('Pregunta guardada.')).toBeInTheDocument();
    expect(pathname()).toBe('/admin/questions');
    const [patch] = saves(requests);
    expect(patch!.body).toEqual({
      theme_id: 21,
      context_id: null,
      statement: question.statement,
      solution: question.solution,
      is_multi_choice: false,
      url_source: 'https://ensaya.cl/fuente',
      stem_number: 12,
      is_active: true,
      difficulty: 2,
      choices: [
        { body: '3', is_correct: true },
        { body: '4', is_correct: false },
      ],
    });
  });
});
