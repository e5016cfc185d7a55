import { existsSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createAdmin,
  createSubject,
  multipartForm,
  questionBody,
  TEST_PASSWORD,
} from '../../../test/factories.ts';

// Moodle interoperability over HTTP: skipping what cannot be imported, embedded
// images, encodings, plurals, the paged preview, and the Moodle XML and GIFT exports read back.
// Every file here is our own, written for these tests.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

function upload(url: string, fields: Record<string, string | number>, content: Buffer) {
  const form = multipartForm(
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    { content, name: 'bank.txt' },
  );
  return admin.request({ method: 'POST', url, ...form });
}

async function questionsOf(subjectId: number) {
  return (await admin.get(`/api/admin/questions?subject_id=${subjectId}&per_page=100`)).json().data;
}

const MIXED_GIFT = [
  '::Suma::¿Cuánto es 2 + 2? {=4 ~3 ~5}',
  '::Ensayo::Explica la fotosíntesis. {}',
  '::Corta::¿Capital de Chile? {=Santiago}',
  '::Empareja::Une cada país con su capital. {=Chile -> Santiago =Perú -> Lima}',
  '::Resta::¿Cuánto es 5 - 3? {=2 ~3 ~8}',
].join('\n\n');

const MIXED_XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="html"><text>¿Cuánto es 2 + 2?</text></questiontext>
    <answer fraction="100"><text>4</text></answer>
    <answer fraction="0"><text>3</text></answer>
  </question>
  <question type="essay">
    <questiontext format="html"><text>Explica la fotosíntesis.</text></questiontext>
  </question>
  <question type="shortanswer">
    <questiontext format="html"><text>¿Capital de Chile?</text></questiontext>
    <answer fraction="100"><text>Santiago</text></answer>
  </question>
  <question type="matching">
    <questiontext format="html"><text>Une cada país con su capital.</text></questiontext>
  </question>
  <question type="multichoice">
    <questiontext format="html"><text>¿Cuánto es 5 - 3?</text></questiontext>
    <answer fraction="100"><text>2</text></answer>
    <answer fraction="0"><text>3</text></answer>
  </question>
</quiz>`;

describe.each([
  ['gift', MIXED_GIFT, [1, 3, 5, 7]],
  ['moodle', MIXED_XML, [3, 8, 11, 15]],
])('skipping what cannot be imported (%s, item 1)', (format, file, lines) => {
  it('previews a summary and the problems, refuses without the option, imports the rest with it', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format, subject_id: subject.id, theme_id: themes[0]!.id };
    const preview = (await upload('/api/admin/import/preview', fields, Buffer.from(file))).json()
      .data;
    expect(preview.summary).toMatchObject({
      total: 5,
      importable: 2,
      unsupported: 3,
      with_problems: 0,
    });
    // Both readers name the types as Moodle does.
    const kinds = ['essay', 'shortanswer', 'matching'];
    expect(
      preview.problems.map((p: { index: number; line: number; kind: string }) => [
        p.index,
        p.line,
        p.kind,
      ]),
    ).toEqual([
      [2, lines[1], kinds[0]],
      [3, lines[2], kinds[1]],
      [4, lines[3], kinds[2]],
    ]);
    expect(preview.problems[0]).toMatchObject({
      unsupported: true,
      message: `Pregunta 2 (línea ${lines[1]}): tipo de pregunta no soportado (essay)`,
    });

    const refused = await upload('/api/admin/import', fields, Buffer.from(file));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toHaveLength(3);
    expect(await questionsOf(subject.id)).toEqual([]);

    const imported = await upload(
      '/api/admin/import',
      { ...fields, skip_unsupported: 'true' },
      Buffer.from(file),
    );
    expect(imported.statusCode).toBe(201);
    expect(imported.json().message).toBe('Se importaron 2 preguntas. Se omitieron 3 preguntas.');
    expect(imported.json().data.created).toBe(2);
    expect(imported.json().data.skipped.map((p: { index: number }) => p.index)).toEqual([2, 3, 4]);
    expect(await questionsOf(subject.id)).toHaveLength(2);
  });
});

describe('plurals and pages', () => {
  it('says "Se importó 1 pregunta" / "1 question imported" and "Se omitió 1 pregunta"', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'gift', subject_id: subject.id, theme_id: themes[0]!.id };
    const one = await upload('/api/admin/import', fields, Buffer.from('¿2 + 2? {=4 ~5}'));
    expect(one.json().message).toBe('Se importó 1 pregunta.');
    admin.language = 'en';
    try {
      const english = await upload(
        '/api/admin/import',
        { ...fields, skip_unsupported: 'true' },
        Buffer.from('¿2 + 2? {=4 ~5}\n\n¿Capital? {=Lima}'),
      );
      expect(english.json().message).toBe('1 question imported. 1 question skipped.');
    } finally {
      admin.language = undefined;
    }
  });

  it('renders one page of the preview at a time', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'gift', subject_id: subject.id, theme_id: themes[0]!.id };
    const file = Buffer.from(
      Array.from({ length: 45 }, (_, i) => `¿${i} + 1? {=${i + 1} ~${i + 2}}`).join('\n\n'),
    );
    const first = (await upload('/api/admin/import/preview', fields, file)).json().data;
    expect(first.summary.importable).toBe(45);
    expect(first.questions).toHaveLength(20);
    expect([first.page, first.page_size]).toEqual([1, 20]);
    const third = (
      await upload('/api/admin/import/preview', { ...fields, page: 3, page_size: 20 }, file)
    ).json().data;
    expect(third.questions.map((q: { index: number }) => q.index)).toEqual([41, 42, 43, 44, 45]);
    const bad = await upload('/api/admin/import/preview', { ...fields, page_size: 1000 }, file);
    expect(Object.keys(bad.json().errors)).toEqual(['page_size']);
  });
});

describe('encodings over HTTP (item 7)', () => {
  it('says in the preview that a GIFT file was read as Windows-1252, and imports it right', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'gift', subject_id: subject.id, theme_id: themes[0]!.id };
    const file = Buffer.from('¿Cuál es el año? {=Año 2024 ~Otro año}', 'latin1');
    const preview = (await upload('/api/admin/import/preview', fields, file)).json().data;
    expect(preview.summary.encoding).toBe('windows-1252');
    expect(preview.summary.encoding_note).toContain('Windows-1252');
    expect(preview.questions[0].statement_html).toBe('<p>¿Cuál es el año?</p>');
    const unknown = await upload(
      '/api/admin/import/preview',
      { ...fields, format: 'moodle' },
      Buffer.from('<?xml version="1.0" encoding="KOI8-R"?><quiz></quiz>'),
    );
    expect(unknown.json().errors.file).toEqual([
      'El archivo está en una codificación que no se puede leer (koi8-r): guárdalo como UTF-8 e inténtalo de nuevo.',
    ]);
  });
});

async function pngBase64(): Promise<string> {
  const png = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
  })
    .png()
    .toBuffer();
  return png.toString('base64');
}

function mediaXml(files: string, choice = 'Un rectángulo') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="html">
      <text><![CDATA[<p>¿Qué figura se ve?</p><p><img src="@@PLUGINFILE@@/figura%20azul.png" alt="Figura"></p>]]></text>
      ${files}
    </questiontext>
    <single>true</single>
    <answer fraction="100" format="html"><text><![CDATA[${choice}]]></text></answer>
    <answer fraction="0" format="html"><text>Un círculo</text></answer>
  </question>
</quiz>`;
}

describe('embedded images (item 6)', () => {
  it('stores a PNG re-encoded under the uploads folder and serves it; the statement shows it', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'moodle', subject_id: subject.id, theme_id: themes[0]!.id };
    const file = Buffer.from(
      mediaXml(
        `<file name="figura azul.png" path="/" encoding="base64">${await pngBase64()}</file>`,
      ),
    );
    const imported = await upload('/api/admin/import', fields, file);
    expect(imported.statusCode).toBe(201);
    const [saved] = await questionsOf(subject.id);
    const src = /<img src="([^"]+)"/.exec(saved.statement_html)?.[1];
    expect(src).toMatch(/^\/uploads\/media\/[0-9a-f]{64}\.png$/);
    expect(existsSync(path.join(t.config.uploadsDir, 'media', path.basename(src!)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: src! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses (or skips) a question whose image is missing, SVG or not an image, naming the file', async () => {
    const { subject, themes } = await createSubject(t.db);
    const fields = { format: 'moodle', subject_id: subject.id, theme_id: themes[0]!.id };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');
    const cases: Array<[string, string]> = [
      [
        '',
        'Pregunta 1 (línea 3): muestra el archivo "figura azul.png", que no viene en el archivo',
      ],
      [
        `<file name="figura azul.png" path="/" encoding="base64">${svg}</file>`,
        'Pregunta 1 (línea 3): el archivo "figura azul.png" no es una imagen PNG, JPEG, GIF o WebP',
      ],
    ];
    for (const [files, message] of cases) {
      const response = await upload('/api/admin/import', fields, Buffer.from(mediaXml(files)));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toEqual([message]);
    }
    const gift = await upload(
      '/api/admin/import/preview',
      { ...fields, format: 'gift' },
      Buffer.from('[html]<p>¿Cuál?</p>{=[html]<img src\\="@@PLUGINFILE@@/a.png"> ~otra}'),
    );
    expect(gift.json().data.problems[0].message).toBe(
      'Pregunta 1 (línea 1): muestra el archivo "a.png", que no viene en el archivo',
    );
    const emptyOption = await upload(
      '/api/admin/import',
      fields,
      Buffer.from(mediaXml('', '<p></p>').replace(/<img[^>]*>/, '')),
    );
    expect(emptyOption.json().errors.file).toEqual([
      'Pregunta 1 (línea 3): una respuesta no tiene texto ni imagen',
    ]);
    expect(await questionsOf(subject.id)).toEqual([]);
  });
});

/** What the structure test reads of an exported `<question>`. */
type MoodleQuestionXml = {
  '@_type': string;
  category: { text: string };
  name: { text: string };
  questiontext: { '@_format': string; text: string };
  generalfeedback: { '@_format': string; text: string };
  single: string;
  shuffleanswers: string;
  answernumbering: string;
  defaultgrade: string;
  answer: Array<{ '@_fraction': string; '@_format': string }>;
};

/** Moodle's grade options (question_bank::fraction_options_full), as percentages. */
const MOODLE_FRACTIONS = [
  100, 90, 83.33333, 80, 75, 70, 66.66667, 60, 50, 40, 33.33333, 30, 25, 20, 16.66667, 14.28571,
  12.5, 11.11111, 10, 5, 0,
];

async function bankToExport() {
  const source = await createSubject(t.db, ['Números', 'Álgebra/Funciones']);
  const context = (
    await admin.post('/api/admin/contexts', {
      subject_id: source.subject.id,
      title: 'Tabla',
      body: '<p>Una tabla con \\(x = 2\\).</p>',
    })
  ).json().data;
  const created = [
    await admin.post(
      '/api/admin/questions',
      questionBody(source.themes[0]!.id, {
        statement:
          '<p>¿Cuánto es \\(\\frac{1}{2} + \\frac{1}{4}\\)? Usa {llaves}: ~ = # y "comillas".</p>\n<p>Segunda línea.</p>',
        solution: '<p>Es \\(\\tfrac34\\): <sub>a</sub> ]]> fin.</p>',
      }),
    ),
    await admin.post(
      '/api/admin/questions',
      questionBody(source.themes[1]!.id, {
        statement: '<p>Elige los pares</p>',
        is_multi_choice: true,
        is_active: false,
        choices: [
          { body: '2', is_correct: true },
          { body: '3', is_correct: false },
          { body: '4', is_correct: true },
          { body: '6', is_correct: true },
          { body: '9', is_correct: false },
        ],
      }),
    ),
    await admin.post(
      '/api/admin/questions',
      questionBody(source.themes[1]!.id, { context_id: context.id }),
    ),
  ].map((response) => response.json().data.id as number);
  return { source, created };
}

describe.each(['moodle', 'gift'])('%s export (item 8)', (format) => {
  it('downloads a file that imports back to the same questions', async () => {
    const { source, created } = await bankToExport();
    const exported = await admin.get(
      `/api/admin/subjects/${source.subject.id}/export?format=${format}`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      new RegExp(
        `attachment; filename="ensaya-asignatura-[a-z0-9-]+\\.${format === 'moodle' ? 'moodle\\.xml' : 'gift\\.txt'}"`,
      ),
    );
    const target = await createSubject(t.db, ['Números', 'Álgebra/Funciones']);
    const fields = { format, subject_id: target.subject.id, theme_id: target.themes[0]!.id };
    const imported = await upload('/api/admin/import', fields, Buffer.from(exported.body));
    expect(imported.json()).toMatchObject({ data: { created: 3, skipped: [] } });

    const before = (await admin.get(`/api/admin/subjects/${source.subject.id}/export`)).json();
    const after = (await admin.get(`/api/admin/subjects/${target.subject.id}/export`)).json();
    const shape = (q: {
      theme: string;
      statement: string;
      solution: string;
      is_multi_choice: boolean;
      choices: unknown;
    }) => ({
      theme: q.theme,
      statement: q.statement,
      solution: q.solution,
      is_multi_choice: q.is_multi_choice,
      choices: q.choices,
    });
    expect(after.questions.slice(0, 2).map(shape)).toEqual(before.questions.slice(0, 2).map(shape));
    // Moodle XML keeps an inactive question hidden; GIFT has no such flag.
    expect(after.questions[1].is_active).toBe(format === 'gift');
    // Moodle has no shared texts: the context comes first in the statement.
    expect(after.questions[2].statement).toBe(
      `${before.contexts[0].body}\n${before.questions[2].statement}`,
    );
    expect(after.questions[2].theme).toBe('Álgebra/Funciones');

    const selected = await admin.get(
      `/api/admin/subjects/${source.subject.id}/export?format=${format}&ids=${created[1]}`,
    );
    const again = await upload('/api/admin/import/preview', fields, Buffer.from(selected.body));
    expect(again.json().data.summary.importable).toBe(1);
  });
});

describe('Moodle XML export structure', () => {
  it('has what Moodle’s XML importer reads: categories, multichoice elements, valid fractions', async () => {
    const { source } = await bankToExport();
    const body = (await admin.get(`/api/admin/subjects/${source.subject.id}/export?format=moodle`))
      .body;
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      isArray: (name) => ['question', 'answer'].includes(name),
    }).parse(body);
    const questions = parsed.quiz.question as MoodleQuestionXml[];
    const categories = questions.filter((q) => q['@_type'] === 'category');
    expect(categories.map((q) => q.category.text)).toEqual([
      `$course$/top/${source.subject.name}/Números`,
      `$course$/top/${source.subject.name}/Álgebra//Funciones`,
    ]);
    const multichoice = questions.filter((q) => q['@_type'] === 'multichoice');
    expect(multichoice).toHaveLength(3);
    for (const question of multichoice) {
      expect(typeof question.name.text).toBe('string');
      expect(question.questiontext['@_format']).toBe('html');
      expect(question.generalfeedback['@_format']).toBe('html');
      expect(['true', 'false']).toContain(question.single);
      expect(question.shuffleanswers).toBe('true');
      expect(question.answernumbering).toBe('abc');
      expect(question.defaultgrade).toBe('1');
      const fractions = question.answer.map((a: Record<string, string>) => Number(a['@_fraction']));
      for (const fraction of fractions)
        expect(
          MOODLE_FRACTIONS.some((option) => Math.abs(Math.abs(fraction) - option) < 1e-5),
        ).toBe(true);
      const positive = fractions
        .filter((f: number) => f > 0)
        .reduce((a: number, b: number) => a + b, 0);
      expect(Math.abs(positive - 100)).toBeLessThan(0.001);
      if (question.single === 'true')
        expect(fractions.filter((f: number) => f === 100)).toHaveLength(1);
      for (const answer of question.answer) expect(answer['@_format']).toBe('html');
    }
    expect(multichoice[1]!.single).toBe('false');
    expect(multichoice[1]!.answer.map((a: Record<string, string>) => a['@_fraction'])).toEqual([
      '33.33333',
      '-50',
      '33.33333',
      '33.33333',
      '-50',
    ]);
    // TeX kept as \( \), the solution as general feedback, `]]>` split across CDATA sections.
    expect(multichoice[0]!.questiontext.text).toContain('\\(\\frac{1}{2} + \\frac{1}{4}\\)');
    expect(multichoice[0]!.generalfeedback.text).toBe(
      '<p>Es \\(\\tfrac34\\): <sub>a</sub> ]]> fin.</p>',
    );
  });

  it('writes GIFT with escapes, categories and general feedback', async () => {
    const { source } = await bankToExport();
    const gift = (await admin.get(`/api/admin/subjects/${source.subject.id}/export?format=gift`))
      .body;
    expect(gift).toContain(`$CATEGORY: $course$/top/${source.subject.name}/Álgebra//Funciones`);
    expect(gift).toContain('Usa \\{llaves\\}\\: \\~ \\= \\# y "comillas".</p>\\n<p>Segunda línea.');
    expect(gift).toContain('\t####[html]<p>Es \\\\(\\\\tfrac34\\\\)');
    expect(gift).toMatch(/\t~%33\.33333%\[html\]2\n/);
    const bad = await admin.get(`/api/admin/subjects/${source.subject.id}/export?format=docx`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('OpenAPI', () => {
  it('documents the export formats, the selection and the preview summary', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const exportPath = document.paths['/api/admin/subjects/{id}/export'].get;
    const parameters = exportPath.parameters.map((p: { name: string }) => p.name);
    expect(parameters).toEqual(expect.arrayContaining(['format', 'ids', 'theme_ids']));
    const preview =
      document.paths['/api/admin/import/preview'].post.responses['200'].content['application/json']
        .schema;
    expect(JSON.stringify(preview)).toContain('with_problems');
  });
});
