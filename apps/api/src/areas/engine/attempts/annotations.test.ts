import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { stems, userTestStems } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// Crossed-out choices and highlights are kept with the attempt, for its owner
// only, while it runs (read in review), whole and idempotent by seq, and checked strictly.

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 10, questionCount: 20 });
});
afterAll(async () => {
  await t.close();
});

async function student(language = 'en') {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return client;
}

async function freshAttempt(client: TestClient): Promise<Attempt> {
  const response = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 1 },
    replace_in_progress: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const put = (client: TestClient, id: number, payload: object) =>
  client.request({ method: 'PUT', url: `/api/user-tests/${id}/annotations`, payload });

/** A question of the attempt that has a reading context, and one that has none. */
async function questionsOf(attempt: Attempt) {
  const rows = await t.db
    .select({ stemId: userTestStems.stemId, contextId: stems.contextId })
    .from(userTestStems)
    .innerJoin(stems, eq(stems.id, userTestStems.stemId))
    .where(eq(userTestStems.userTestId, attempt.id));
  const withContext = rows.find((row) => row.contextId !== null);
  return { first: rows[0]!, withContext };
}

describe('attempt annotations', () => {
  it('keeps the newest whole state by seq, merges ranges, and leaves the answers alone', async () => {
    const client = await student();
    const attempt = await freshAttempt(client);
    const { first, withContext } = await questionsOf(attempt);
    const stem = bank.bank.find((item) => item.id === first.stemId)!;
    expect(withContext).toBeDefined();
    expect((await client.get(`/api/user-tests/${attempt.id}/annotations`)).json()).toEqual({
      data: { strikes: [], highlights: [], seq: 0 },
    });

    const body = {
      seq: 10,
      strikes: [{ stem_id: stem.id, choice_ids: [stem.wrongId, stem.wrongId] }],
      highlights: withContext
        ? [
            {
              context_id: withContext.contextId,
              ranges: [
                { start: 20, end: 30 },
                { start: 0, end: 5 },
                { start: 25, end: 40 },
              ],
            },
          ]
        : [],
    };
    const saved = await put(client, attempt.id, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ data: { seq: 10, applied: true } });
    // The same request again (a retry), and an older one: nothing changes.
    expect((await put(client, attempt.id, body)).json()).toEqual({
      data: { seq: 10, applied: false },
    });
    expect(
      (await put(client, attempt.id, { seq: 9, strikes: [], highlights: [] })).json().data.applied,
    ).toBe(false);

    const read = (await client.get(`/api/user-tests/${attempt.id}/annotations`)).json().data;
    expect(read.seq).toBe(10);
    expect(read.strikes).toEqual([{ stem_id: stem.id, choice_ids: [stem.wrongId] }]);
    if (withContext) {
      expect(read.highlights).toEqual([
        {
          context_id: withContext.contextId,
          ranges: [
            { start: 0, end: 5 },
            { start: 20, end: 40 },
          ],
        },
      ]);
    }
    // A strike-out is not an answer.
    const state = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;
    expect(state.questions.every((q) => q.chosen_choice_ids.length === 0)).toBe(true);

    // Removing everything is a save too.
    expect(
      (await put(client, attempt.id, { seq: 11, strikes: [], highlights: [] })).json().data,
    ).toEqual({ seq: 11, applied: true });
    expect((await client.get(`/api/user-tests/${attempt.id}/annotations`)).json().data).toEqual({
      strikes: [],
      highlights: [],
      seq: 11,
    });
  });

  it('refuses bad shapes, foreign questions, choices and contexts, writing nothing', async () => {
    const client = await student('es');
    const attempt = await freshAttempt(client);
    const { first } = await questionsOf(attempt);
    const stem = bank.bank.find((item) => item.id === first.stemId)!;
    const other = bank.bank.find((item) => item.id !== stem.id)!;
    const bad: object[] = [
      { seq: 1, strikes: [], highlights: [], extra: true },
      {
        seq: 1,
        strikes: [{ stem_id: stem.id, choice_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }],
        highlights: [],
      },
      { seq: 1, strikes: [], highlights: [{ context_id: 1, ranges: [{ start: 5, end: 5 }] }] },
      { seq: 1, strikes: [], highlights: [{ context_id: 1, ranges: [{ start: -1, end: 5 }] }] },
      {
        seq: 1,
        strikes: [],
        highlights: [{ context_id: 1, ranges: [{ start: 0, end: 100_001 }] }],
      },
      {
        seq: 1,
        strikes: [],
        highlights: [
          {
            context_id: 1,
            ranges: Array.from({ length: 61 }, (_, i) => ({ start: i * 2, end: i * 2 + 1 })),
          },
        ],
      },
      {
        seq: 1,
        strikes: [
          { stem_id: stem.id, choice_ids: [] },
          { stem_id: stem.id, choice_ids: [] },
        ],
        highlights: [],
      },
      { seq: 1, strikes: [{ stem_id: 999_999, choice_ids: [] }], highlights: [] },
      { seq: 1, strikes: [{ stem_id: stem.id, choice_ids: [other.wrongId] }], highlights: [] },
      {
        seq: 1,
        strikes: [],
        highlights: [{ context_id: 999_999, ranges: [{ start: 0, end: 2 }] }],
      },
    ];
    for (const body of bad) {
      const response = await put(client, attempt.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    const foreign = await put(client, attempt.id, bad[7]!);
    expect(foreign.json().message).toMatch(/prueba|pregunta/i);
    expect((await client.get(`/api/user-tests/${attempt.id}/annotations`)).json().data.seq).toBe(0);
  });

  it("is the owner's only, and closes with the attempt (read still in review)", async () => {
    const owner = await student('es');
    const intruder = await student('en');
    const attempt = await freshAttempt(owner);
    const { first } = await questionsOf(attempt);
    const stem = bank.bank.find((item) => item.id === first.stemId)!;
    const body = {
      seq: 5,
      strikes: [{ stem_id: stem.id, choice_ids: [stem.wrongId] }],
      highlights: [],
    };

    expect((await put(intruder, attempt.id, body)).statusCode).toBe(404);
    expect((await intruder.get(`/api/user-tests/${attempt.id}/annotations`)).statusCode).toBe(404);
    expect((await put(owner, attempt.id, body)).statusCode).toBe(200);

    const submitted = await owner.post(`/api/user-tests/${attempt.id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const late = await put(owner, attempt.id, { ...body, seq: 6, strikes: [] });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Esta prueba ya terminó: tus destacados y opciones descartadas ya no pueden cambiar.',
    );
    const review = (await owner.get(`/api/user-tests/${attempt.id}/annotations`)).json().data;
    expect(review.strikes).toEqual([{ stem_id: stem.id, choice_ids: [stem.wrongId] }]);
    expect(review.seq).toBe(5);
  });
});
