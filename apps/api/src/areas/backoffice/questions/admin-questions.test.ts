import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { eq } from 'drizzle-orm';
import { stems } from '../../../db/schema/index.ts';
import { createBank, grantAccess } from '../../../test/bank-factory.ts';
import {
  createAdmin,
  createStudent,
  createSubject,
  questionBody,
  TEST_PASSWORD,
} from '../../../test/factories.ts';

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

const patch = (url: string, payload: unknown) =>
  admin.request({ method: 'PATCH', url, payload: payload as never });
const del = (url: string) => admin.request({ method: 'DELETE', url });

describe('admin questions', () => {
  it('creates a question with a formula, previews it, and finds it in the list', async () => {
    const { subject, themes } = await createSubject(t.db);
    const body = questionBody(themes[0]!.id);

    const preview = await admin.post('/api/admin/questions/preview', body);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.statement_html).toContain('<math');
    expect(preview.json().data.choices_html).toHaveLength(3);
    expect(preview.json().data.render_errors).toEqual([]);

    const created = await admin.post('/api/admin/questions', body);
    expect(created.statusCode).toBe(201);
    const question = created.json().data;
    expect(question).toMatchObject({
      subject_id: subject.id,
      theme_id: themes[0]!.id,
      theme_name: themes[0]!.name,
      context_id: null,
      statement: body.statement,
      stem_number: 1,
      is_active: true,
      is_multi_choice: false,
      render_errors: [],
    });
    expect(question.statement_html).toContain('class="katex"');
    expect(question.solution_html).toContain('<mn>1</mn>');
    expect(question.choices.map((c: { is_correct: boolean }) => c.is_correct)).toEqual([
      true,
      false,
      false,
    ]);
    expect(question.choices.map((c: { position: number }) => c.position)).toEqual([1, 2, 3]);

    const second = await admin.post(
      '/api/admin/questions',
      questionBody(themes[1]!.id, { statement: '<p>Otra</p>' }),
    );
    expect(second.json().data.stem_number).toBe(2);

    const list = await admin.get(
      `/api/admin/questions?subject_id=${subject.id}&per_page=1&sort=stem_number&order=desc`,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ page: 1, per_page: 1, total: 2 });
    expect(list.json().data[0].statement).toBe('<p>Otra</p>');

    const search = await admin.get(`/api/admin/questions?subject_id=${subject.id}&search=frac`);
    expect(search.json().data.map((q: { id: number }) => q.id)).toEqual([question.id]);
    const byTheme = await admin.get(`/api/admin/questions?theme_id=${themes[1]!.id}`);
    expect(byTheme.json().meta.total).toBe(1);

    expect((await admin.get(`/api/admin/questions/${question.id}`)).json().data).toEqual(question);
  });

  it('sets a difficulty, medium by default, kept by an edit that does not name it', async () => {
    const { themes } = await createSubject(t.db);
    const plain = await admin.post('/api/admin/questions', questionBody(themes[0]!.id));
    expect(plain.json().data.difficulty).toBe(2);
    const hard = await admin.post(
      '/api/admin/questions',
      questionBody(themes[0]!.id, { statement: '<p>Difícil</p>', difficulty: 3 }),
    );
    const id = hard.json().data.id;
    expect(hard.json().data.difficulty).toBe(3);
    const edited = await patch(`/api/admin/questions/${id}`, {
      statement: '<p>Difícil, corregida</p>',
    });
    expect(edited.json().data.difficulty).toBe(3);
    expect(
      (await patch(`/api/admin/questions/${id}`, { difficulty: 1 })).json().data.difficulty,
    ).toBe(1);
    expect((await patch(`/api/admin/questions/${id}`, { difficulty: 4 })).statusCode).toBe(422);
  });

  it('neutralizes an XSS payload in a statement and its choices', async () => {
    const { themes } = await createSubject(t.db);
    const response = await admin.post(
      '/api/admin/questions',
      questionBody(themes[0]!.id, {
        statement:
          '<p onclick="steal()">Hola<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>',
        choices: [
          { body: '<svg role="img" aria-label="sí" onload=alert(1)>sí</svg>', is_correct: true },
          { body: '<style>*{display:none}</style>no', is_correct: false },
        ],
      }),
    );
    expect(response.statusCode).toBe(201);
    const { statement_html, choices, statement } = response.json().data;
    expect(statement_html).toBe('<p>Hola<a target="_blank" rel="noopener noreferrer">x</a></p>');
    expect(statement).toContain('<script>'); // the source is kept for editing, never served as HTML
    expect(choices[0].body_html).toBe('<svg role="img" aria-label="sí">sí</svg>');
    expect(choices[1].body_html).toBe('no');
  });

  it('refuses a figure without a text alternative, naming the field, and saves nothing', async () => {
    const { themes } = await createSubject(t.db);
    const before = (await admin.get(`/api/admin/questions?theme_id=${themes[0]!.id}`)).json().meta
      .total;
    const response = await admin.post(
      '/api/admin/questions',
      questionBody(themes[0]!.id, {
        statement:
          '<p>Mira la figura</p><figure><svg viewBox="0 0 10 10"><line x1="0" y1="0" x2="10" y2="10"/></svg></figure>',
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(JSON.stringify(response.json())).toContain('statement');
    expect(
      (await admin.get(`/api/admin/questions?theme_id=${themes[0]!.id}`)).json().meta.total,
    ).toBe(before);
  });

  it('keeps malformed TeX visible with an error mark and reports it', async () => {
    const { themes } = await createSubject(t.db);
    const response = await admin.post(
      '/api/admin/questions',
      questionBody(themes[0]!.id, { statement: '<p>\\(\\frac{1}{\\)</p>' }),
    );
    expect(response.statusCode).toBe(201);
    const question = response.json().data;
    expect(question.statement_html).toContain('<span class="math-error" title="KaTeX parse error');
    expect(question.render_errors).toHaveLength(1);
  });

  it('refuses a bad key, a context of another subject and a theme that does not exist', async () => {
    const { themes } = await createSubject(t.db);
    const other = await createSubject(t.db);
    const themeId = themes[0]!.id;
    const noKey = await admin.post('/api/admin/questions', {
      ...questionBody(themeId),
      choices: [
        { body: 'a', is_correct: false },
        { body: 'b', is_correct: false },
      ],
    });
    expect(noKey.statusCode).toBe(422);
    expect(noKey.json().errors.choices).toEqual([
      'Una pregunta de selección única tiene exactamente una alternativa correcta.',
    ]);

    const twoKeys = questionBody(themeId, {
      choices: [
        { body: 'a', is_correct: true },
        { body: 'b', is_correct: true },
      ],
    });
    expect((await admin.post('/api/admin/questions', twoKeys)).statusCode).toBe(422);
    expect(
      (await admin.post('/api/admin/questions', { ...twoKeys, is_multi_choice: true })).statusCode,
    ).toBe(201);

    const tooMany = questionBody(themeId, {
      choices: Array.from({ length: 10 }, (_, i) => ({ body: `${i}`, is_correct: i === 0 })),
    });
    expect((await admin.post('/api/admin/questions', tooMany)).json().errors.choices).toBeDefined();

    const context = await admin.post('/api/admin/contexts', {
      subject_id: other.subject.id,
      title: 'Texto ajeno',
      body: '<p>Otro texto</p>',
    });
    const wrongContext = await admin.post(
      '/api/admin/questions',
      questionBody(themeId, { context_id: context.json().data.id }),
    );
    expect(wrongContext.statusCode).toBe(422);
    expect(Object.keys(wrongContext.json().errors)).toEqual(['context_id']);

    const unknownTheme = await admin.post('/api/admin/questions', questionBody(2_000_000_000));
    expect(unknownTheme.json().errors.theme_id).toBeDefined();
  });

  it('patches a question keeping choice ids by position, and checks the merged key', async () => {
    const { themes, subject } = await createSubject(t.db);
    const created = (await admin.post('/api/admin/questions', questionBody(themes[0]!.id))).json()
      .data;
    const context = (
      await admin.post('/api/admin/contexts', {
        subject_id: subject.id,
        title: 'Lectura',
        body: '<p>Texto \\(x\\)</p>',
      })
    ).json().data;
    expect(context.body_html).toContain('katex');

    const response = await patch(`/api/admin/questions/${created.id}`, {
      context_id: context.id,
      is_active: false,
      choices: [
        { body: 'uno', is_correct: false },
        { body: 'dos', is_correct: true },
      ],
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({
      context_id: context.id,
      context_title: 'Lectura',
      is_active: false,
    });
    expect(updated.choices.map((c: { id: number }) => c.id)).toEqual(
      created.choices.slice(0, 2).map((c: { id: number }) => c.id),
    );
    expect(updated.choices[1]).toMatchObject({ body: 'dos', body_html: 'dos', is_correct: true });

    const inactive = await admin.get(
      `/api/admin/questions?subject_id=${subject.id}&is_active=false`,
    );
    expect(inactive.json().data.map((q: { id: number }) => q.id)).toEqual([created.id]);

    const multi = await patch(`/api/admin/questions/${created.id}`, {
      is_multi_choice: false,
      choices: [
        { body: 'a', is_correct: true },
        { body: 'b', is_correct: true },
      ],
    });
    expect(multi.statusCode).toBe(422);

    // A context in use cannot be deleted; the question can.
    expect((await del(`/api/admin/contexts/${context.id}`)).statusCode).toBe(409);
    expect((await del(`/api/admin/questions/${created.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/admin/questions/${created.id}`)).statusCode).toBe(404);
    expect((await del(`/api/admin/contexts/${context.id}`)).statusCode).toBe(204);
  });

  it('refuses a stem number another question of the subject holds', async () => {
    const { themes } = await createSubject(t.db);
    await admin.post('/api/admin/questions', questionBody(themes[0]!.id, { stem_number: 7 }));
    const clash = await admin.post(
      '/api/admin/questions',
      questionBody(themes[0]!.id, { stem_number: 7 }),
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors.stem_number).toBeDefined();
  });

  it('refuses to delete a question an attempt used (409) and lets it be deactivated', async () => {
    const bank = await createBank(t.db, { perTheme: 2 });
    const student = await createStudent(t.db);
    await grantAccess(t.db, student.id, bank.subject.id);
    const client = new TestClient(t.app);
    await client.login(student.email, TEST_PASSWORD);
    const started = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 1 },
    });
    expect(started.statusCode).toBe(201);
    const used = bank.bank[0]!.id;

    const refused = await del(`/api/admin/questions/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(await t.db.$count(stems, eq(stems.id, used))).toBe(1);
    const deactivated = await patch(`/api/admin/questions/${used}`, { is_active: false });
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().data.is_active).toBe(false);
  });
});
