import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, users } from '../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import {
  createAdmin,
  createStudent,
  createSubject,
  registration,
  TEST_PASSWORD,
} from '../test/factories.ts';

// Bad input gets a 4xx and changes nothing: NUL characters, ids that are not
// canonical or do not fit a PostgreSQL integer, bodies that are not objects, time zones that are
// not IANA names. The fuzz suite (fuzz.test.ts) tries the same on every route.

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function signedIn(language?: string) {
  const user = await createStudent(t.db);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const subjectRow = async (id: number) =>
  (await t.db.select().from(subjects).where(eq(subjects.id, id)))[0];

describe('a NUL character (U+0000)', () => {
  it('in a body field is a 422 naming the field, in Spanish and English, and saves nothing', async () => {
    const { user, client } = await signedIn();
    const body = { name: 'Ana\u0000', last_name: 'Rojas', email: user.email, timezone: 'UTC' };
    const spanish = await client.request({ method: 'PATCH', url: '/api/me', payload: body });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json()).toEqual({
      message: 'Por favor completa los campos requeridos.',
      errors: { name: ['Este valor contiene un carácter no permitido (NUL).'] },
    });

    client.language = 'en';
    const english = await client.request({ method: 'PATCH', url: '/api/me', payload: body });
    expect(english.json().errors).toEqual({
      name: ['This value contains a character that is not allowed (NUL).'],
    });
    expect(await userRow(user.id)).toMatchObject({ name: 'Camila', timezone: 'America/Santiago' });
  });

  it('in a nested field, a key of a record or an unpaired surrogate is refused the same way', async () => {
    const { client } = await signedIn('en');
    const nested = await client.post('/api/user-tests/1/stems', {
      stems: [{ stem_id: 1, stem_choice_ids: [], is_marked: false, seq: 1, note: 'a\u0000' }],
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({
      'stems.0.note': ['This value contains a character that is not allowed (NUL).'],
    });

    const key = await client.post('/api/user-subscriptions/feedback', {
      id: 1,
      feedback: { 'rea\u0000son': 'price' },
    });
    expect(key.statusCode).toBe(422);
    expect(Object.keys(key.json().errors)).toEqual(['feedback.rea\\u0000son']);

    const surrogate = await client.post('/api/user-subscriptions/feedback', {
      id: 1,
      feedback: { reason: 'x\ud800' },
    });
    expect(surrogate.statusCode).toBe(422);
    expect(surrogate.json().errors).toEqual({
      'feedback.reason': ['This value contains invalid Unicode (an unpaired surrogate).'],
    });
  });

  it('in a query value or a path parameter is a 422 too', async () => {
    const query = await admin.get('/api/admin/subjects?search=geo%00metr%C3%ADa');
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({
      search: ['Este valor contiene un carácter no permitido (NUL).'],
    });

    const param = await admin.get('/api/admin/subjects/1%00');
    expect(param.statusCode).toBe(422);
    expect(param.json().errors).toEqual({
      id: ['Este valor contiene un carácter no permitido (NUL).'],
    });
  });

  it('still meets the session and CSRF checks first', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/admin/subjects?search=a%00')).statusCode).toBe(401);
    const noCsrf = await admin.post('/api/admin/subjects', { name: 'a\u0000' }, { csrf: false });
    expect(noCsrf.statusCode).toBe(419);
  });
});

describe('ids', () => {
  it('are canonical digits only: 0x10, 1e3, " 1", 01, +1 and 1.0 name no row (422), and change nothing', async () => {
    const { subject } = await createSubject(t.db);
    const id = subject.id;
    for (const spelling of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      ` ${id}`,
      `0${id}`,
      `+${id}`,
      `${id}.0`,
      `${id} `,
    ]) {
      const response = await admin.request({
        method: 'DELETE',
        url: `/api/admin/subjects/${encodeURIComponent(spelling)}`,
      });
      expect(response.statusCode, spelling).toBe(422);
      expect(response.json().errors.id, spelling).toEqual(['Este valor no es válido.']);
    }
    expect(await subjectRow(id)).toBeDefined();
    // The canonical spelling still works.
    expect((await admin.get(`/api/admin/subjects/${id}`)).statusCode).toBe(200);
  });

  it('above 2 147 483 647 (a PostgreSQL integer) are a 422, in a path, a query or a body', async () => {
    const path = await admin.get('/api/admin/subjects/2147483648');
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ id: ['Debe ser como máximo 2147483647.'] });
    expect((await admin.get('/api/admin/subjects/2147483647')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/subjects/0')).statusCode).toBe(422);

    const query = await admin.get('/api/admin/themes?subject_id=2147483648');
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ subject_id: ['Debe ser como máximo 2147483647.'] });
    expect((await admin.get('/api/admin/themes?subject_id=1e3')).statusCode).toBe(422);
    expect((await admin.get('/api/packages?standard_test_id=0x1')).statusCode).toBe(422);

    const body = await admin.post('/api/admin/themes', { subject_id: 2 ** 40, name: 'Eje' });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ subject_id: ['Debe ser como máximo 2147483647.'] });
    const text = await admin.post('/api/admin/themes', { subject_id: '1', name: 'Eje' });
    expect(text.statusCode).toBe(422);
  });

  it('picked in a form select may be digits, but only canonical ones', async () => {
    const { client } = await signedIn();
    const address = (town_id: unknown) =>
      client.post('/api/addresses', {
        address_line_1: 'Av. Providencia 1234',
        town_id,
        zip_code: '7500000',
      });
    expect((await address('13123')).statusCode).toBe(201);
    for (const bad of ['0x3333', ' 13123', '013123', 2_147_483_648, 1.5])
      expect((await address(bad)).statusCode, String(bad)).toBe(422);
  });

  it('paging numbers parse strictly and within bounds', async () => {
    expect((await admin.get('/api/admin/subjects?page=2&per_page=5')).statusCode).toBe(200);
    for (const query of ['page=0x2', 'page=1e1', 'per_page=%201', 'per_page=101', 'page=0'])
      expect((await admin.get(`/api/admin/subjects?${query}`)).statusCode, query).toBe(422);
  });
});

describe('a body that is not an object', () => {
  const bodies = ['null', '"text"', '42', '[]', '[{}]', 'true'];

  it('is a 422 on registration, password reset and password change, never a 500', async () => {
    const { client } = await signedIn();
    for (const url of ['/api/register', '/api/reset-password', '/api/change-password']) {
      for (const payload of bodies) {
        const response = await client.request({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(response.statusCode, `${url} ${payload}`).toBe(422);
        expect(response.json().message, `${url} ${payload}`).toBe(
          'Por favor completa los campos requeridos.',
        );
      }
    }
  });

  it('is a 400 when empty', async () => {
    const response = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the time zone', () => {
  it('must be an IANA name at registration', async () => {
    const client = new TestClient(t.app, { language: 'en' });
    for (const timezone of [
      'Mars/Olympus',
      '+01:00',
      'America/Santiago; DROP',
      '',
      'x'.repeat(65),
    ]) {
      const response = await client.post('/api/register', registration({ timezone }));
      expect(response.statusCode, timezone).toBe(422);
      expect(response.json().errors.timezone, timezone).toEqual([
        'Choose a valid time zone (an IANA name such as America/Santiago).',
      ]);
    }
    const created = await client.post('/api/register', registration({ timezone: 'Europe/Madrid' }));
    expect(created.statusCode).toBe(201);
  });

  it('must be an IANA name when the profile changes, and a bad one changes nothing', async () => {
    const { user, client } = await signedIn();
    const change = (timezone: string) =>
      client.request({
        method: 'PATCH',
        url: '/api/me',
        payload: { name: 'Camila', last_name: 'Rojas', email: user.email, timezone },
      });
    const refused = await change('America/Atlantis');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.timezone).toEqual([
      'Elige una zona horaria válida (un nombre IANA como America/Santiago).',
    ]);
    expect((await userRow(user.id)).timezone).toBe('America/Santiago');

    expect((await change('UTC')).statusCode).toBe(200);
    expect((await userRow(user.id)).timezone).toBe('UTC');
  });
});
