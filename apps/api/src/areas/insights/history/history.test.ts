import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { userSubjectStats, userSubscriptions, userTests } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 10, questionCount: 10 });
});
afterAll(async () => {
  await t.close();
});

async function student(access = true) {
  const user = await createStudent(t.db);
  const subscription = access ? await grantAccess(t.db, user.id, bank.subject.id) : undefined;
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { id: user.id, client, subscription };
}

type Student = Awaited<ReturnType<typeof student>>;

/** A sent attempt with `correct` right answers out of `limit`, which took `minutes`. */
async function sent(
  who: Student,
  options: { mode?: 'practice' | 'mock_exam'; correct: number; limit?: number; minutes: number },
) {
  const mode = options.mode ?? 'practice';
  const body =
    mode === 'practice'
      ? {
          subject_id: bank.subject.id,
          mode,
          selection: { value: 2, limit: options.limit ?? 6 },
        }
      : { subject_id: bank.subject.id, mode };
  const response = await who.client.post('/api/user-tests', body);
  expect(response.statusCode, response.body).toBe(201);
  const attempt: Attempt = response.json().data;
  // A timed attempt takes answers once the instructions are continued.
  if (mode === 'mock_exam') await who.client.post(`/api/user-tests/${attempt.id}/begin`);
  const stems = attempt.questions.slice(0, options.correct).map((question) => ({
    stem_id: question.stem_id,
    stem_choice_ids: [bank.bank.find((stem) => stem.id === question.stem_id)!.keyId],
    is_marked: false,
    seq: 1,
  }));
  if (stems.length) await who.client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
  expect((await who.client.post(`/api/user-tests/${attempt.id}/submit`)).statusCode).toBe(200);
  await t.db
    .update(userTests)
    .set({
      startedAt: sql`${userTests.submittedAt} - make_interval(mins => ${options.minutes})`,
      begunAt: null,
      deadlineAt: null,
    })
    .where(eq(userTests.id, attempt.id));
  return attempt.id;
}

const del = (who: Student, ids: number[] | number) =>
  who.client.request({
    method: 'DELETE',
    url: Array.isArray(ids) ? '/api/user-tests' : `/api/user-tests/${ids}`,
    ...(Array.isArray(ids) ? { payload: { user_test_ids: ids } } : {}),
  });

describe('history of a subject', () => {
  let ana: Student;
  const ids: number[] = [];

  beforeAll(async () => {
    ana = await student();
    ids.push(await sent(ana, { correct: 5, minutes: 12 }));
    ids.push(await sent(ana, { correct: 1, minutes: 3 }));
    ids.push(await sent(ana, { mode: 'mock_exam', correct: 7, minutes: 25 }));
    ids.push(await sent(ana, { correct: 3, limit: 4, minutes: 7 }));
    ids.push(await sent(ana, { mode: 'mock_exam', correct: 2, minutes: 40 }));
    // Another student's attempt and an attempt in progress are never listed.
    await sent(await student(), { correct: 2, minutes: 1 });
    await ana.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
  });

  const list = async (query: string) => {
    const response = await ana.client.get(`/api/subjects/${bank.subject.id}/user-tests?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists the sent attempts of the type with the spec columns, newest first', async () => {
    const custom = await list('type=custom');
    expect(custom.meta).toEqual({ page: 1, per_page: 10, total: 3 });
    expect(custom.data.map((row: { id: number }) => row.id)).toEqual([ids[3], ids[1], ids[0]]);
    expect(custom.data[0]).toMatchObject({
      type: 'custom',
      mode: 'practice',
      total_test_stems: 4,
      total_correct_choices: 3,
      score: 0,
      min_passed: true,
      time_minutes: 7,
    });
    expect(new Date(custom.data[0].fecha).toISOString()).toBe(custom.data[0].fecha);
    const official = await list('type=official');
    expect(official.data.map((row: { id: number }) => row.id)).toEqual([ids[4], ids[2]]);
    expect(official.data[1]).toMatchObject({ score: 70, min_passed: true, total_test_stems: 10 });
    expect(official.data[0]).toMatchObject({ score: 20, min_passed: false });
    expect((await list('')).meta.total).toBe(5);
  });

  it('sorts every sortable column both ways on the server', async () => {
    const order = async (sort: string, direction: string) =>
      (await list(`sort=${sort}&order=${direction}`)).data.map((row: { id: number }) => row.id);
    expect(await order('score', 'desc')).toEqual([ids[2], ids[4], ids[3], ids[1], ids[0]]);
    expect(await order('correct', 'desc')).toEqual([ids[2], ids[0], ids[3], ids[4], ids[1]]);
    expect(await order('correct', 'asc')).toEqual([ids[1], ids[4], ids[3], ids[0], ids[2]]);
    expect(await order('time', 'asc')).toEqual([ids[1], ids[3], ids[0], ids[2], ids[4]]);
    // Ties fall back to the id, in the same direction.
    expect(await order('total', 'asc')).toEqual([ids[3], ids[0], ids[1], ids[2], ids[4]]);
    expect(await order('type', 'asc')).toEqual([ids[0], ids[1], ids[3], ids[2], ids[4]]);
    expect(await order('type', 'desc')).toEqual([ids[4], ids[2], ids[3], ids[1], ids[0]]);
    expect(await order('date', 'asc')).toEqual(ids);
    // Practice tests score 0: their list sorts the score column by % correct, as it shows it.
    const practice = async (direction: string) =>
      (await list(`type=custom&sort=score&order=${direction}`)).data.map(
        (row: { id: number }) => row.id,
      );
    expect(await practice('desc')).toEqual([ids[0], ids[3], ids[1]]);
    expect(await practice('asc')).toEqual([ids[1], ids[3], ids[0]]);
  });

  it('pages', async () => {
    const first = await list('sort=date&order=asc&per_page=2&page=1');
    const third = await list('sort=date&order=asc&per_page=2&page=3');
    expect(first.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 2));
    expect(third.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(4));
    expect(third.meta).toEqual({ page: 3, per_page: 2, total: 5 });
    expect((await list('page=9')).data).toEqual([]);
  });

  it('refuses an unknown sort and page sizes out of 1..100 with 422', async () => {
    for (const query of ['sort=name', 'per_page=0', 'per_page=101', 'order=up', 'type=x']) {
      const response = await ana.client.get(`/api/subjects/${bank.subject.id}/user-tests?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    expect((await ana.client.get('/api/subjects/2147483000/user-tests')).statusCode).toBe(404);
  });
});

describe('wrong-answers drills', () => {
  it('are their own kind: listed apart, and out of the practice figures', async () => {
    const who = await student();
    // A practice with every answer wrong, then a drill of those wrong answers.
    const started = await who.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 4 },
    });
    const practice: Attempt = started.json().data;
    const stems = practice.questions.map((question) => ({
      stem_id: question.stem_id,
      stem_choice_ids: [bank.bank.find((stem) => stem.id === question.stem_id)!.wrongId],
      is_marked: false,
      seq: 1,
    }));
    await who.client.post(`/api/user-tests/${practice.id}/stems`, { stems });
    expect((await who.client.post(`/api/user-tests/${practice.id}/submit`)).statusCode).toBe(200);
    const drill = await who.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(drill.statusCode, drill.body).toBe(201);
    const drillId: number = drill.json().data.id;
    expect((await who.client.post(`/api/user-tests/${drillId}/submit`)).statusCode).toBe(200);

    const list = async (type: string) =>
      (await who.client.get(`/api/subjects/${bank.subject.id}/user-tests?type=${type}`)).json()
        .data as Array<{ id: number; kind: string; mode: string; type: string }>;
    expect((await list('custom')).map((row) => row.id)).toEqual([practice.id]);
    expect(await list('wrong_answers')).toEqual([
      expect.objectContaining({ id: drillId, kind: 'wrong_answers', mode: 'wrong_answers' }),
    ]);
    expect(await list('official')).toEqual([]);

    const stats = async (type: string) =>
      (
        await who.client.get(
          `/api/user-subject-stats?subject_id=${bank.subject.id}&user_test_type=${type}`,
        )
      ).json().data;
    expect(await stats('custom')).toMatchObject({ attempts: 1, questions: 4, correct: 0 });
    expect(await stats('wrong_answers')).toMatchObject({ attempts: 1, questions: 4 });

    // Deleting the drill takes it from its own kind only.
    expect((await del(who, drillId)).statusCode).toBe(200);
    expect(await stats('wrong_answers')).toMatchObject({ attempts: 0, questions: 0 });
    expect(await stats('custom')).toMatchObject({ attempts: 1, questions: 4 });
  });
});

describe('deleting attempts', () => {
  it('404s another student’s attempt on read and delete, changing nothing', async () => {
    const owner = await student();
    const other = await student();
    const id = await sent(owner, { correct: 2, minutes: 5 });
    const mine = await sent(other, { correct: 1, minutes: 5 });
    for (const url of [`/api/user-tests/${id}`, `/api/user-tests/${id}/themes`]) {
      expect((await other.client.get(url)).statusCode, url).toBe(404);
    }
    expect((await del(other, id)).statusCode).toBe(404);
    expect((await del(other, [mine, id])).statusCode).toBe(404);
    expect(await t.db.$count(userTests, eq(userTests.id, id))).toBe(1);
    expect(await t.db.$count(userTests, eq(userTests.id, mine))).toBe(1);
    const [stats] = await t.db
      .select({ attempts: userSubjectStats.attempts })
      .from(userSubjectStats)
      .where(and(eq(userSubjectStats.userId, other.id), eq(userSubjectStats.type, 'custom')));
    expect(stats!.attempts).toBe(1);
  });

  it('403s without an active subscription and keeps the history readable', async () => {
    const who = await student();
    const id = await sent(who, { correct: 2, minutes: 5 });
    await t.db
      .update(userSubscriptions)
      .set({ status: 'Canceled' })
      .where(eq(userSubscriptions.id, who.subscription!.id));
    const response = await del(who, id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/active subscription/);
    expect((await del(who, [id])).statusCode).toBe(403);
    expect(await t.db.$count(userTests, eq(userTests.id, id))).toBe(1);
    const history = await who.client.get(`/api/subjects/${bank.subject.id}/user-tests`);
    expect(history.json().data.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('409s an attempt in progress, 422s an empty or oversized list', async () => {
    const who = await student();
    const running = await who.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
    const response = await del(who, running.json().data.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/in progress/);
    expect((await del(who, [])).statusCode).toBe(422);
    expect(
      (
        await del(
          who,
          Array.from({ length: 101 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(422);
  });

  it('deletes in Spanish too, a repeated id once', async () => {
    const who = await student();
    const first = await sent(who, { correct: 2, minutes: 5 });
    const second = await sent(who, { correct: 3, minutes: 5 });
    who.client.language = 'es';
    const response = await del(who, [first, second, first]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Se eliminaron 2 pruebas.', deleted: 2 });
    expect(await t.db.$count(userTests, eq(userTests.userId, who.id))).toBe(0);
    expect((await del(who, first)).statusCode).toBe(404);
  });
});
