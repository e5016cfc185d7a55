import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  createAdmin,
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

const send = (method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  admin.request({ method, url, payload: payload as never });

describe('admin catalog', () => {
  it('reads and renames standard tests (name and max_subjects only)', async () => {
    const list = await admin.get('/api/admin/standard-tests?sort=id');
    expect(
      list
        .json()
        .data.slice(0, 2)
        .map((s: { code: string }) => s.code),
    ).toEqual(['paes', 'clase_b']);
    const paes = (await admin.get('/api/admin/standard-tests/1')).json().data;
    expect((await send('PATCH', '/api/admin/standard-tests/1', { code: 'x' })).statusCode).toBe(
      422,
    );
    const renamed = await send('PATCH', '/api/admin/standard-tests/1', { name: 'PAES (demo)' });
    expect(renamed.json().data).toEqual({ ...paes, name: 'PAES (demo)' });
    await send('PATCH', '/api/admin/standard-tests/1', { name: paes.name });
  });

  it('creates, lists, changes and deletes a subject', async () => {
    const name = `Lenguaje ${randomUUID()}`;
    const created = await admin.post('/api/admin/subjects', {
      standard_test_id: 1,
      name,
      approval_grade: 458,
    });
    expect(created.statusCode).toBe(201);
    const subject = created.json().data;
    expect(subject).toMatchObject({ name, description: null, approval_grade: 458, position: 0 });
    const duplicate = await admin.post('/api/admin/subjects', {
      standard_test_id: 1,
      name,
      approval_grade: 1,
    });
    expect(duplicate.json().errors.name).toEqual(['Este nombre ya está en uso.']);
    expect(
      (
        await admin.post('/api/admin/subjects', {
          standard_test_id: 99,
          name: 'x',
          approval_grade: 1,
        })
      ).statusCode,
    ).toBe(422);

    const found = await admin.get(
      `/api/admin/subjects?standard_test_id=1&search=${encodeURIComponent(name)}`,
    );
    expect(found.json()).toEqual({ data: [subject], meta: { page: 1, per_page: 20, total: 1 } });
    expect((await admin.get('/api/admin/subjects?per_page=101')).statusCode).toBe(422);

    const changed = await send('PATCH', `/api/admin/subjects/${subject.id}`, {
      approval_grade: 500,
    });
    expect(changed.json().data.approval_grade).toBe(500);
    expect((await send('DELETE', `/api/admin/subjects/${subject.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/admin/subjects/${subject.id}`)).statusCode).toBe(404);
  });

  it('keeps one current period per subject and weights its themes to 100', async () => {
    const { subject, themes } = await createSubject(t.db, ['A', 'B', 'C']);
    const first = (
      await admin.post('/api/admin/periods', {
        subject_id: subject.id,
        name: '2026',
        test_duration: 140,
        question_count: 65,
        is_current: true,
      })
    ).json().data;
    expect(first.is_current).toBe(true);
    expect(
      (
        await admin.post('/api/admin/periods', {
          subject_id: subject.id,
          name: 'x',
          test_duration: 721,
          question_count: 65,
        })
      ).json().errors.test_duration,
    ).toBeDefined();
    const second = (
      await admin.post('/api/admin/periods', {
        subject_id: subject.id,
        name: '2027',
        test_duration: 120,
        question_count: 60,
        is_current: true,
      })
    ).json().data;
    const periods = (
      await admin.get(`/api/admin/periods?subject_id=${subject.id}&sort=name`)
    ).json().data;
    expect(periods.map((p: { is_current: boolean }) => p.is_current)).toEqual([false, true]);

    const empty = await admin.get(`/api/admin/periods/${second.id}/themes`);
    expect(empty.json().data).toEqual(
      themes.map((theme) => ({
        theme_id: theme.id,
        theme_name: theme.name,
        weight: 0,
        is_elective: false,
      })),
    );
    const bad = await send('PUT', `/api/admin/periods/${second.id}/themes`, {
      weights: [
        { theme_id: themes[0]!.id, weight: 50 },
        { theme_id: themes[1]!.id, weight: 40 },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.weights).toEqual([
      'Los pesos deben ser números enteros de 0 a 100 que sumen 100.',
    ]);
    const other = await createSubject(t.db);
    const foreign = await send('PUT', `/api/admin/periods/${second.id}/themes`, {
      weights: [
        { theme_id: themes[0]!.id, weight: 50 },
        { theme_id: other.themes[0]!.id, weight: 50 },
      ],
    });
    expect(foreign.json().errors.weights).toBeDefined();
    const saved = await send('PUT', `/api/admin/periods/${second.id}/themes`, {
      weights: [
        { theme_id: themes[0]!.id, weight: 60 },
        { theme_id: themes[2]!.id, weight: 40 },
      ],
    });
    expect(saved.json().data.map((row: { weight: number }) => row.weight)).toEqual([60, 0, 40]);
    expect((await send('DELETE', `/api/admin/periods/${first.id}`)).statusCode).toBe(204);
  });

  it('counts questions per theme and refuses to delete a theme with questions', async () => {
    const { subject, themes } = await createSubject(t.db);
    await admin.post('/api/admin/questions', questionBody(themes[0]!.id));
    const list = (await admin.get(`/api/admin/themes?subject_id=${subject.id}`)).json().data;
    expect(list.map((theme: { question_count: number }) => theme.question_count)).toEqual([1, 0]);
    expect((await send('DELETE', `/api/admin/themes/${themes[0]!.id}`)).statusCode).toBe(409);
    expect((await send('DELETE', `/api/admin/themes/${themes[0]!.id}`)).json().message).toBe(
      'Otros registros dependen de este, así que no se puede eliminar.',
    );
    const created = (
      await admin.post('/api/admin/themes', { subject_id: subject.id, name: 'Nuevo', position: 3 })
    ).json().data;
    expect(created).toMatchObject({ name: 'Nuevo', question_count: 0 });
    expect(
      (await send('PATCH', `/api/admin/themes/${created.id}`, { name: themes[1]!.name }))
        .statusCode,
    ).toBe(422);
    expect((await send('DELETE', `/api/admin/themes/${created.id}`)).statusCode).toBe(204);
  });

  it('replaces a grade table, sorted, with unique quantities', async () => {
    const { subject } = await createSubject(t.db);
    const url = `/api/admin/subjects/${subject.id}/grades`;
    const saved = await send('PUT', url, {
      grades: [
        { good_answers_quantity: 2, grade: 1000 },
        { good_answers_quantity: 0, grade: 100 },
      ],
    });
    expect(saved.json().data).toEqual([
      { good_answers_quantity: 0, grade: 100 },
      { good_answers_quantity: 2, grade: 1000 },
    ]);
    const dup = await send('PUT', url, {
      grades: [
        { good_answers_quantity: 1, grade: 1 },
        { good_answers_quantity: 1, grade: 2 },
      ],
    });
    expect(dup.json().errors.grades).toBeDefined();
    expect(
      (await send('PUT', url, { grades: [{ good_answers_quantity: 1, grade: 1001 }] })).statusCode,
    ).toBe(422);
    expect((await admin.get(url)).json().data).toHaveLength(2);
  });
});

describe('admin sales and settings', () => {
  it('creates a package with subjects of its test only', async () => {
    const { subject } = await createSubject(t.db);
    const body = {
      standard_test_id: 1,
      name: 'Pack',
      duration_days: 30,
      price_clp: 9990,
      subjects_quantity: 1,
      subject_ids: [subject.id],
    };
    const created = await admin.post('/api/admin/packages', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      trial_period_days: 0,
      is_active: true,
      subject_ids: [subject.id],
    });
    const wrong = await admin.post('/api/admin/packages', { ...body, standard_test_id: 2 });
    expect(wrong.json().errors.subject_ids).toBeDefined();
    const id = created.json().data.id;
    expect(
      (
        await send('PATCH', `/api/admin/packages/${id}`, { price_clp: 4990, is_active: false })
      ).json().data,
    ).toMatchObject({ price_clp: 4990, is_active: false });
    expect(
      (await admin.get(`/api/admin/packages?standard_test_id=1&search=Pack`)).json().meta.total,
    ).toBeGreaterThanOrEqual(1);
    expect((await send('DELETE', `/api/admin/packages/${id}`)).statusCode).toBe(204);
  });

  it('stores promo codes upper-case and unique, with a valid window', async () => {
    const code = `demo${randomUUID().slice(0, 8)}`;
    const created = await admin.post('/api/admin/promo-codes', {
      code,
      type: 'percent',
      value: 15,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      code: code.toUpperCase(),
      used_count: 0,
      max_uses: null,
      valid_until: null,
    });
    expect(
      (await admin.post('/api/admin/promo-codes', { code, type: 'amount', value: 1000 })).json()
        .errors.code,
    ).toEqual(['Este código ya existe.']);
    expect(
      (
        await admin.post('/api/admin/promo-codes', { code: 'OTRO1', type: 'percent', value: 150 })
      ).json().errors.value,
    ).toBeDefined();
    const id = created.json().data.id;
    const window = await send('PATCH', `/api/admin/promo-codes/${id}`, {
      valid_until: new Date(Date.parse(created.json().data.valid_from) - 1000).toISOString(),
    });
    expect(window.json().errors.valid_until).toBeDefined();
    expect((await send('DELETE', `/api/admin/promo-codes/${id}`)).statusCode).toBe(204);
  });

  it('reads and validates the feedback_builder setting', async () => {
    const url = '/api/admin/settings/feedback_builder';
    const current = (await admin.get(url)).json().data;
    expect(current[0]).toMatchObject({ key: 'reason', field_type: 'radio' });
    const radio = {
      key: 'why',
      field_type: 'radio',
      required: true,
      question: { es: '¿Por qué?', en: 'Why?' },
    };
    expect(
      (await send('PUT', url, { value: [radio] })).json().errors['value.0.options'],
    ).toBeDefined();
    expect((await send('PUT', url, { value: current })).json().data).toEqual(current);
    expect((await admin.get('/api/admin/settings/other')).statusCode).toBe(422);
  });
});
