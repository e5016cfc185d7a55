import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../../test/fake-api.ts';
import { renderApp } from '../../../../test/render-app.tsx';
import { adminUser, catalogueHandlers, meAs } from '../test/admin-fixtures.ts';
import { chooseOption } from '../test/choose-option.ts';

const gift = new File(['::Q1:: 2+2 {=4 ~3}'], 'banco.gift', { type: 'text/plain' });

async function fillImportForm(user: ReturnType<typeof renderApp>['user']) {
  const section = await screen.findByRole('region', { name: 'Importar preguntas' });
  await chooseOption(user, 'Formato', 'GIFT', section);
  await chooseOption(user, 'Materia', 'M1', section);
  await chooseOption(user, 'Tema por defecto', 'Números', section);
  await user.upload(screen.getByLabelText('Archivo'), gift);
}

describe('import and export', () => {
  it('lists the problems of a file the server refuses (422) and sends the choices made', async () => {
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'POST /api/admin/import/preview': () => ({
        status: 422,
        body: {
          message: 'El archivo tiene errores; no se importó nada.',
          errors: {
            file: [
              'Pregunta 3 (línea 27): no tiene respuesta correcta',
              'Pregunta 5 (línea 41): tiene una sola alternativa',
            ],
          },
        },
      }),
    });
    const { user } = renderApp('/admin/import-export');
    await fillImportForm(user);
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Problemas en el archivo')).toBeInTheDocument();
    expect(
      within(alert).getByText('Pregunta 3 (línea 27): no tiene respuesta correcta'),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText('Pregunta 5 (línea 41): tiene una sola alternativa'),
    ).toBeInTheDocument();

    const sent = requests.find((r) => r.path === '/api/admin/import/preview')!.body as FormData;
    expect(sent.get('format')).toBe('gift');
    expect(sent.get('subject_id')).toBe('2');
    expect(sent.get('theme_id')).toBe('21');
    expect((sent.get('file') as File).name).toBe('banco.gift');
  });

  it('previews the questions a file would create, then imports them', async () => {
    installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'POST /api/admin/import/preview': () => ({
        status: 200,
        body: {
          data: {
            summary: {
              total: 1,
              importable: 1,
              unsupported: 0,
              with_problems: 0,
              encoding: 'utf-8',
              encoding_note: null,
            },
            problems: [],
            questions: [
              {
                index: 1,
                line: 1,
                theme_id: 21,
                theme_name: 'Números',
                statement_html: '<p>2+2</p>',
                is_multi_choice: false,
                choices: [
                  { body_html: '4', is_correct: true },
                  { body_html: '3', is_correct: false },
                ],
                notes: [],
              },
            ],
            page: 1,
            page_size: 20,
            contexts: 0,
          },
        },
      }),
      'POST /api/admin/import': () => ({
        status: 201,
        body: { data: { created: 1, skipped: [] }, message: 'Se importó 1 pregunta.' },
      }),
    });
    const { user } = renderApp('/admin/import-export');
    await fillImportForm(user);

    await user.click(screen.getByRole('button', { name: 'Vista previa' }));
    const preview = await screen.findByRole('region', { name: 'Se creará 1 pregunta' });
    expect(within(preview).getByText('2+2')).toBeInTheDocument();
    expect(within(preview).getByText('Correcta')).toBeInTheDocument();
    expect(within(preview).getByText('Línea 1')).toBeInTheDocument();
    expect(within(preview).getByText('Pregunta 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Se importó 1 pregunta.')).toBeInTheDocument();
  });

  it('offers to skip the questions that cannot be imported, listing each, and imports the rest', async () => {
    const problems = [
      {
        index: 2,
        line: 5,
        kind: 'essay',
        unsupported: true,
        message: 'Pregunta 2 (línea 5): tipo de pregunta no soportado (essay)',
      },
      {
        index: 3,
        line: 9,
        kind: 'multichoice',
        unsupported: false,
        message: 'Pregunta 3 (línea 9): no tiene respuesta correcta',
      },
    ];
    const { requests } = installFakeApi({
      'GET /api/me': meAs(adminUser),
      ...catalogueHandlers,
      'POST /api/admin/import/preview': () => ({
        status: 200,
        body: {
          data: {
            summary: {
              total: 4,
              importable: 2,
              unsupported: 1,
              with_problems: 1,
              encoding: 'windows-1252',
              encoding_note: 'El archivo no está en UTF-8, así que se leyó como Windows-1252.',
            },
            problems,
            questions: [
              {
                index: 1,
                line: 1,
                theme_id: 21,
                theme_name: 'Números',
                statement_html: '<p>¿Capital de Australia?</p>',
                is_multi_choice: false,
                choices: [
                  { body_html: 'Canberra', is_correct: true },
                  { body_html: 'Sídney', is_correct: false },
                ],
                notes: ['una respuesta con crédito parcial (50%) cuenta como incorrecta'],
              },
            ],
            page: 1,
            page_size: 20,
            contexts: 0,
          },
        },
      }),
      'POST /api/admin/import': () => ({
        status: 201,
        body: {
          data: { created: 2, skipped: problems },
          message: 'Se importaron 2 preguntas. Se omitieron 2 preguntas.',
        },
      }),
    });
    const { user } = renderApp('/admin/import-export');
    await fillImportForm(user);
    await user.click(screen.getByRole('button', { name: 'Vista previa' }));

    const preview = await screen.findByRole('region', { name: 'Se crearán 2 preguntas' });
    expect(within(preview).getByText(/Se pueden importar: 2\./)).toBeInTheDocument();
    expect(within(preview).getByText(/se leyó como Windows-1252/)).toBeInTheDocument();
    expect(within(preview).getByText('2 preguntas no se pueden importar')).toBeInTheDocument();
    expect(within(preview).getByText(problems[0]!.message)).toBeInTheDocument();
    expect(within(preview).getByText(problems[1]!.message)).toBeInTheDocument();
    expect(within(preview).getByText('essay')).toBeInTheDocument();
    expect(within(preview).getByText(/crédito parcial/)).toBeInTheDocument();

    await user.click(
      within(preview).getByRole('button', { name: 'Omitir estas 2 e importar el resto' }),
    );
    expect(await screen.findByText('Se importaron 2 preguntas.')).toBeInTheDocument();
    expect(screen.getByText('Se omitieron 2 preguntas:')).toBeInTheDocument();
    const sent = requests.find((r) => r.path === '/api/admin/import')!.body as FormData;
    expect(sent.get('skip_unsupported')).toBe('true');
  });
});
