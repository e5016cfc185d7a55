import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { users, userTests } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createAdmin, createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// Reading settings kept on the server, and the extra-time accommodation an admin
// grants, applied by the server to every timed test.

let t: TestApp;
let bank: TestBank;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, {
    weights: [50, 50],
    perTheme: 5,
    questionCount: 10,
    testDuration: 40,
  });
  admin = new TestClient(t.app, { language: 'en' });
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function student(language: 'es' | 'en' = 'en') {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const put = (client: TestClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/me/reading-settings', payload: payload as never });
const patchUser = (client: TestClient, id: number, payload: unknown) =>
  client.request({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: payload as never });

async function begin(client: TestClient, body: Record<string, unknown>) {
  const started = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    replace_in_progress: true,
    ...body,
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  const begun = await client.post(`/api/user-tests/${attempt.id}/begin`);
  expect(begun.statusCode, begun.body).toBe(200);
  const clock = begun.json().data;
  const seconds =
    (new Date(clock.deadline_at).getTime() - new Date(clock.begun_at).getTime()) / 1000;
  return { attempt, seconds };
}

describe('reading settings', () => {
  it('starts at 100 % without high contrast, saves both and reads them back on another device', async () => {
    const { user, client } = await student();
    expect((await client.get('/api/me/reading-settings')).json().data).toEqual({
      text_size: 100,
      high_contrast: false,
      extra_time_percent: 0,
    });
    const saved = await put(client, { text_size: 150, high_contrast: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ text_size: 150, high_contrast: true });

    const otherDevice = new TestClient(t.app, { language: 'en' });
    await otherDevice.login(user.email, TEST_PASSWORD);
    expect((await otherDevice.get('/api/me/reading-settings')).json().data).toMatchObject({
      text_size: 150,
      high_contrast: true,
    });
  });

  for (const [language, message] of [
    ['en', 'Choose a text size of 100 %, 125 % or 150 %.'],
    ['es', 'Elige un tamaño de texto de 100 %, 125 % o 150 %.'],
  ] as const) {
    it(`refuses a size not offered with a localized error (${language}) and changes nothing`, async () => {
      const { user, client } = await student(language);
      await put(client, { text_size: 125, high_contrast: false });
      const refused = await put(client, { text_size: 130, high_contrast: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.text_size).toEqual([message]);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ textSize: 125, highContrast: false });
    });
  }

  it('does not let a student grant themselves extra time', async () => {
    const { user, client } = await student();
    const refused = await put(client, {
      text_size: 100,
      high_contrast: false,
      extra_time_percent: 100,
    });
    expect(refused.statusCode).toBe(422);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.extraTimePercent).toBe(0);
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/me/reading-settings')).statusCode).toBe(401);
  });
});

describe('extra time', () => {
  it('only an admin sets it: a student gets 403 and the value stays', async () => {
    const { user, client } = await student();
    const refused = await patchUser(client, user.id, { extra_time_percent: 100 });
    expect(refused.statusCode).toBe(403);
    expect((await client.get(`/api/admin/users/${user.id}`)).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.extraTimePercent).toBe(0);
  });

  it('refuses a profile that is not offered, in the admin language', async () => {
    const { user } = await student();
    const refused = await patchUser(admin, user.id, { extra_time_percent: 30 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.extra_time_percent).toEqual([
      'Choose extra time of 0 %, 25 %, 50 % or 100 %.',
    ]);
    expect((await patchUser(admin, 2_000_000, { extra_time_percent: 25 })).statusCode).toBe(404);
  });

  it('an admin finds the student, sets +50 %, and every timed test is 1.5 times as long', async () => {
    const { user, client } = await student();
    const found = await admin.get(`/api/admin/users?search=${encodeURIComponent(user.email)}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: user.id, extra_time_percent: 0 }),
    ]);

    // Before: the base length.
    expect(
      (
        await begin(client, {
          mode: 'mock_exam',
          random_question: true,
          random_answer: true,
          study_mode: false,
        })
      ).seconds,
    ).toBe(40 * 60);

    const set = await patchUser(admin, user.id, { extra_time_percent: 50 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ id: user.id, extra_time_percent: 50 });
    expect((await client.get('/api/me/reading-settings')).json().data.extra_time_percent).toBe(50);

    // A mock exam (the period's 40 minutes) and a practice test with the student's own timer.
    const mock = await begin(client, {
      mode: 'mock_exam',
      random_question: true,
      random_answer: true,
      study_mode: false,
    });
    expect(mock.seconds).toBe(40 * 60 * 1.5);
    expect(mock.attempt.seconds).toBe(40 * 60 * 1.5);
    const practice = await begin(client, {
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      random_question: false,
      random_answer: false,
      study_mode: false,
      timer: { hours: 0, minutes: 7 },
    });
    expect(practice.seconds).toBe(Math.ceil(7 * 60 * 1.5));
    // An untimed test stays untimed.
    const untimed = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      random_question: false,
      random_answer: false,
      study_mode: false,
      replace_in_progress: true,
    });
    expect(untimed.json().data.seconds).toBeNull();
  });

  it('+25 % and +100 %, and a retake does not add the extra time twice', async () => {
    const { user, client } = await student();
    await patchUser(admin, user.id, { extra_time_percent: 100 });
    const first = await begin(client, {
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      random_question: false,
      random_answer: false,
      study_mode: false,
      timer: { hours: 0, minutes: 10 },
    });
    expect(first.seconds).toBe(1200);
    const sent = await client.post(`/api/user-tests/${first.attempt.id}/submit`, {
      reason: 'student',
    });
    expect(sent.statusCode, sent.body).toBe(200);

    await patchUser(admin, user.id, { extra_time_percent: 25 });
    const retake = await begin(client, {
      mode: 'historical',
      source_user_test_id: first.attempt.id,
      random_question: false,
      random_answer: false,
      study_mode: false,
    });
    expect(retake.seconds).toBe(750);
    const [row] = await t.db.select().from(userTests).where(eq(userTests.id, retake.attempt.id));
    expect(row!.configuration).toMatchObject({
      seconds: 750,
      base_seconds: 600,
      extra_time_percent: 25,
    });
  });
});
