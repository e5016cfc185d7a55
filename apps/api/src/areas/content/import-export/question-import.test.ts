import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createAdmin,
  createSubject,
  multipartForm,
  questionBody,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { parseBankJson } from './bank-json.ts';
import { parseGift } from './gift.ts';
import { parseMoodle } from './moodle.ts';
import { FileRefused } from './parsed.ts';
import { questionFileText } from '../../../test/question-files.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name));

function upload(
  url: string,
  fields: Record<string, string | number>,
  content?: Buffer,
  name = 'bank.txt',
) {
  const form = multipartForm(
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    content && { content, name },
  );
  return admin.request({ method: 'POST', url, ...form });
}

async function questionsOf(subjectId: number) {
  return (await admin.get(`/api/admin/questions?subject_id=${subjectId}&per_page=100`)).json().data;
}

describe.each([
  [
    'moodle',
    'bank.moodle.xml',
    'broken.moodle.xml',
    [
      'Pregunta 2 (línea 9): no tiene respuesta correcta',
      'Pregunta 3 (línea 15): tipo de pregunta no soportado (essay)',
    ],
  ],
  [
    'gift',
    'bank.gift',
    'broken.gift',
    [
      'Pregunta 2 (línea 4): no tiene respuesta correcta',
      'Pregunta 3 (línea 9): tipo de pregunta no soportado (shortanswer)',
    ],
  ],
])('%s import', (format, good, broken, problems) => {
  it('previews, then creates exactly the questions of the file, with categories as themes', async () => {
    const { subject, themes } = await createSubject(t.db, ['Números', 'Geometría']);
    const fields = { format, subject_id: subject.id, theme_id: themes[0]!.id };

    const preview = await upload('/api/admin/import/preview', fields, fixture(good));
    expect(preview.statusCode).toBe(200);
    const { questions, contexts, summary, problems: none } = preview.json().data;
    expect(contexts).toBe(0);
    expect(none).toEqual([]);
    expect(summary).toEqual({
      total: 3,
      importable: 3,
      unsupported: 0,
      with_problems: 0,
      encoding: 'utf-8',
      encoding_note: null,
    });
    expect(questions.map((q: { theme_name: string }) => q.theme_name)).toEqual([
      'Geometría',
      'Números',
      'Números',
    ]);
    expect(questions.map((q: { is_multi_choice: boolean }) => q.is_multi_choice)).toEqual([
      false,
      true,
      false,
    ]);
    expect(questions[0].statement_html).toContain('class="katex"');
    expect(questions[0].choices.map((c: { is_correct: boolean }) => c.is_correct)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(questions[1].choices.map((c: { is_correct: boolean }) => c.is_correct)).toEqual([
      true,
      true,
      false,
    ]);
    expect(questions[2].choices).toEqual([
      { body_html: '<p>Verdadero</p>', is_correct: true },
      { body_html: '<p>Falso</p>', is_correct: false },
    ]);
    expect(await questionsOf(subject.id)).toEqual([]);

    const imported = await upload('/api/admin/import', fields, fixture(good));
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toEqual({
      data: { created: 3, skipped: [] },
      message: 'Se importaron 3 preguntas.',
    });
    const saved = await questionsOf(subject.id);
    expect(saved.map((q: { stem_number: number }) => q.stem_number)).toEqual([1, 2, 3]);
    expect(saved[0].solution_html).toContain('katex');
    expect(saved[0].statement_html).toBe(questions[0].statement_html);
    expect(saved[1].theme_id).toBe(themes[0]!.id);
  });

  it('saves nothing from a file with a bad question and names each one', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format, subject_id: subject.id, theme_id: themes[0]!.id };
    const preview = await upload('/api/admin/import/preview', fields, fixture(broken));
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.summary).toMatchObject({
      total: 3,
      importable: 1,
      unsupported: 1,
      with_problems: 1,
    });
    expect(preview.json().data.problems.map((p: { message: string }) => p.message)).toEqual(
      problems,
    );
    const response = await upload('/api/admin/import', fields, fixture(broken));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'El archivo tiene errores; no se importó nada.',
      errors: { file: problems },
    });
    expect(await questionsOf(subject.id)).toEqual([]);
  });
});

describe('import checks', () => {
  it('reports errors in English too, and refuses unreadable files and bad fields', async () => {
    const { subject, themes } = await createSubject(t.db);
    const other = await createSubject(t.db);
    admin.language = 'en';
    try {
      const gift = await upload(
        '/api/admin/import',
        { format: 'gift', subject_id: subject.id, theme_id: themes[0]!.id },
        fixture('broken.gift'),
      );
      expect(gift.json().errors.file[0]).toBe('Question 2 (line 4): no correct answer');
      const xml = await upload(
        '/api/admin/import/preview',
        { format: 'moodle', subject_id: subject.id, theme_id: themes[0]!.id },
        Buffer.from('<quiz><question>'),
      );
      expect(xml.json().errors.file).toEqual(['The file cannot be read as Moodle XML.']);
    } finally {
      admin.language = undefined;
    }
    const foreignTheme = await upload(
      '/api/admin/import/preview',
      { format: 'gift', subject_id: subject.id, theme_id: other.themes[0]!.id },
      fixture('bank.gift'),
    );
    expect(Object.keys(foreignTheme.json().errors)).toEqual(['theme_id']);
    const noFile = await upload('/api/admin/import', {
      format: 'gift',
      subject_id: subject.id,
      theme_id: themes[0]!.id,
    });
    expect(noFile.json().errors.file).toBeDefined();
    const badFormat = await upload(
      '/api/admin/import',
      { format: 'docx', subject_id: subject.id, theme_id: themes[0]!.id },
      fixture('bank.gift'),
    );
    expect(badFormat.json().errors.format).toBeDefined();
  });
});

describe('hostile files', () => {
  const XXE =
    '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
    '<quiz><question type="multichoice"><questiontext><text>&x;</text></questiontext>' +
    '<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer>' +
    '</question></quiz>';
  const LAUGHS =
    '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY a "aaaaaaaaaa">' +
    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' +
    '<quiz><question type="multichoice"><questiontext><text>&c;</text></questiontext>' +
    '<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer>' +
    '</question></quiz>';

  it('refuses a Moodle file with a DOCTYPE or entities (external entity, billion laughs), saving nothing', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'moodle', subject_id: subject.id, theme_id: themes[0]!.id };
    for (const file of [XXE, LAUGHS, '<!doctype quiz><quiz></quiz>']) {
      const response = await upload('/api/admin/import', fields, Buffer.from(file));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toEqual([
        'El archivo declara un DOCTYPE o entidades, que no se aceptan: expórtalo de nuevo desde Moodle sin ellos.',
      ]);
    }
    admin.language = 'en';
    try {
      const english = await upload('/api/admin/import/preview', fields, Buffer.from(XXE));
      expect(english.json().errors.file).toEqual([
        'The file declares a DOCTYPE or entities, which are not accepted: export it again from Moodle without them.',
      ]);
    } finally {
      admin.language = undefined;
    }
    expect(await questionsOf(subject.id)).toEqual([]);
  });

  it('refuses NUL characters in the file or in a field, saving nothing', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'gift', subject_id: subject.id, theme_id: themes[0]!.id };
    const gift = await upload('/api/admin/import', fields, Buffer.from('¿Dos\0? {=a ~b}'));
    expect(gift.statusCode).toBe(422);
    expect(gift.json().errors.file).toEqual([
      'El archivo contiene caracteres que no se pueden guardar (NUL o Unicode no válido): quítalos e inténtalo de nuevo.',
    ]);
    const bank = {
      format: 'ensaya-bank',
      version: 1,
      subject: { name: 'x', description: null },
      themes: [],
      contexts: [],
      questions: [
        {
          theme: 'x',
          context: null,
          statement: 'a\u0000b',
          solution: '',
          is_multi_choice: false,
          url_source: null,
          is_active: true,
          choices: [
            { body: 'a', is_correct: true },
            { body: 'b', is_correct: false },
          ],
        },
      ],
    };
    const json = await upload(
      '/api/admin/import',
      { ...fields, format: 'json' },
      Buffer.from(JSON.stringify(bank)),
    );
    expect(json.statusCode).toBe(422);
    expect(Object.keys(json.json().errors)).toEqual(['file']);
    const field = await upload(
      '/api/admin/import',
      { ...fields, format: 'gi\u0000ft' },
      Buffer.from('a {=b ~c}'),
    );
    expect(field.statusCode).toBe(422);
    expect(field.json().errors).toEqual({
      format: ['Este valor contiene un carácter no permitido (NUL).'],
    });
    for (const bad of ['0x1', '1e0', ' 1', '2147483648']) {
      const id = await upload(
        '/api/admin/import',
        { ...fields, subject_id: bad },
        Buffer.from('a {=b ~c}'),
      );
      expect(id.statusCode, bad).toBe(422);
      expect(Object.keys(id.json().errors), bad).toEqual(['subject_id']);
    }
    expect(await questionsOf(subject.id)).toEqual([]);
  });

  it('reads any text without throwing: garbage is unreadable or a list of problems, never a crash', () => {
    fc.assert(
      fc.property(questionFileText, (source) => {
        for (const parse of [parseGift, parseMoodle, parseBankJson]) {
          try {
            parse(source);
          } catch (error) {
            if (!(error instanceof FileRefused)) throw error;
          }
        }
      }),
      { seed: 20_260_512, numRuns: 2000 },
    );
  });
});

describe('JSON export and import', () => {
  it('exports a subject that imports back identically: statements, keys, solutions, themes, contexts', async () => {
    const source = await createSubject(t.db, ['Números', 'Geometría']);
    const context = (
      await admin.post('/api/admin/contexts', {
        subject_id: source.subject.id,
        title: 'Tabla',
        body: '<p>\\(x = 2\\)</p>',
      })
    ).json().data;
    await admin.post(
      '/api/admin/questions',
      questionBody(source.themes[1]!.id, {
        context_id: context.id,
        url_source: 'https://ensaya.cl/fuente',
      }),
    );
    await admin.post(
      '/api/admin/questions',
      questionBody(source.themes[0]!.id, {
        statement: '<p>Elige los pares</p>',
        is_multi_choice: true,
        is_active: false,
        choices: [
          { body: '2', is_correct: true },
          { body: '3', is_correct: false },
          { body: '4', is_correct: true },
        ],
      }),
    );

    const exported = await admin.get(`/api/admin/subjects/${source.subject.id}/export`);
    expect(exported.statusCode).toBe(200);
    const document = exported.json();
    expect(document).toMatchObject({ format: 'ensaya-bank', version: 1 });
    expect(document.questions).toHaveLength(2);

    const target = await createSubject(t.db, ['Números', 'Geometría']);
    const fields = {
      format: 'json',
      subject_id: target.subject.id,
      theme_id: target.themes[0]!.id,
    };
    const file = Buffer.from(JSON.stringify(document));
    expect((await upload('/api/admin/import/preview', fields, file)).json().data.contexts).toBe(1);
    expect((await upload('/api/admin/import', fields, file)).json().data).toEqual({
      created: 2,
      skipped: [],
    });

    const again = (await admin.get(`/api/admin/subjects/${target.subject.id}/export`)).json();
    const withoutKeys = (doc: typeof document) => ({
      ...doc,
      subject: null,
      contexts: doc.contexts.map((c: { title: string; body: string }) => ({
        title: c.title,
        body: c.body,
      })),
      questions: doc.questions.map((q: { context: string | null }) => ({
        ...q,
        context: q.context ? 'set' : null,
      })),
    });
    expect(withoutKeys(again)).toEqual(withoutKeys(document));
    const [first] = await questionsOf(target.subject.id);
    expect(first.context_title).toBe('Tabla');
    expect(first.theme_name).toBe('Geometría');
  });

  it('keeps each question’s authored difficulty through import, edits and export', async () => {
    const { subject, themes } = await createSubject(t.db, ['Números']);
    const question = (statement: string, difficulty?: number) => ({
      theme: 'Números',
      statement,
      solution: '<p>Porque sí.</p>',
      ...(difficulty === undefined ? {} : { difficulty }),
      choices: [{ body: 'a', is_correct: true }, { body: 'b' }],
    });
    const document = {
      format: 'ensaya-bank',
      version: 1,
      subject: { name: 'x' },
      questions: [
        question('<p>Fácil</p>', 1),
        question('<p>Difícil</p>', 3),
        question('<p>Sin</p>'),
      ],
    };
    const fields = { format: 'json', subject_id: subject.id, theme_id: themes[0]!.id };
    const imported = await upload(
      '/api/admin/import',
      fields,
      Buffer.from(JSON.stringify(document)),
    );
    expect(imported.json().data.created).toBe(3);
    const [easy] = await questionsOf(subject.id);
    // An edit that does not name the difficulty keeps it.
    const edited = await admin.request({
      method: 'PATCH',
      url: `/api/admin/questions/${easy.id}`,
      payload: { statement: '<p>Fácil, corregida</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const exported = (await admin.get(`/api/admin/subjects/${subject.id}/export`)).json();
    expect(exported.questions.map((q: { difficulty: number }) => q.difficulty)).toEqual([1, 3, 2]);
    // A difficulty out of 1..3 is not a bank document.
    const bad = { ...document, questions: [question('<p>Mala</p>', 4)] };
    const refused = await upload('/api/admin/import', fields, Buffer.from(JSON.stringify(bad)));
    expect(refused.statusCode).toBe(422);
  });

  it('refuses a document that is not an ensaya bank', async () => {
    const { subject, themes } = await createSubject(t.db);
    const response = await upload(
      '/api/admin/import',
      { format: 'json', subject_id: subject.id, theme_id: themes[0]!.id },
      Buffer.from('{"format":"other"}'),
    );
    expect(response.statusCode).toBe(422);
  });
});
