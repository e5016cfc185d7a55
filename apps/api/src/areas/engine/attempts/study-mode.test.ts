import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import { stemChoices, stems, userTestStems } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// Study mode: once the server has sent a question's key, its answer is final.

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 5, questionCount: 10 });
});
afterAll(async () => {
  await t.close();
});

const keyOf = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!.keyId;
const wrongOf = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!.wrongId;

async function student(language = 'en') {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return client;
}

async function start(client: TestClient, studyMode = true, limit = 3): Promise<Attempt> {
  const response = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 3, from: 1, to: limit },
    study_mode: studyMode,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const save = (client: TestClient, attempt: Attempt, stems: object[]) =>
  client.post(`/api/user-tests/${attempt.id}/stems`, { stems });

const read = async (client: TestClient, attempt: Attempt) =>
  (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;

async function submit(client: TestClient, attempt: Attempt): Promise<AttemptResult> {
  const response = await client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('study mode', () => {
  it('before the reveal the answer changes freely and nothing is shown', async () => {
    const client = await student();
    const attempt = await start(client);
    const q1 = attempt.questions[0]!.stem_id;

    const first = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [wrongOf(q1)], is_marked: false, seq: 1 },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.revealed).toEqual([]);
    const changed = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 2 },
    ]);
    expect(changed.json().data.saved[0].applied).toBe(true);
    expect((await read(client, attempt)).questions[0]).not.toHaveProperty('solution_html');

    // Revealing the changed answer shows its key and outcome.
    const revealed = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 3, reveal: true },
    ]);
    expect(revealed.json().data.revealed).toEqual([
      {
        stem_id: q1,
        solution_html: expect.stringContaining('Solución'),
        correct_choice_ids: [keyOf(q1)],
        is_correct: true,
      },
    ]);
    expect((await submit(client, attempt)).correct).toBe(1);
  });

  it('after the reveal refuses a change (409, nothing saved) and scores the answer revealed', async () => {
    const client = await student();
    const attempt = await start(client);
    const [q1, q2] = attempt.questions.map((question) => question.stem_id) as [number, number];

    const revealed = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [wrongOf(q1)], is_marked: false, seq: 1, reveal: true },
    ]);
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().data.revealed).toEqual([
      expect.objectContaining({ stem_id: q1, correct_choice_ids: [keyOf(q1)], is_correct: false }),
    ]);

    // The key is known: switching to it is refused, and the other record of the request too.
    const change = await save(client, attempt, [
      { stem_id: q2, stem_choice_ids: [keyOf(q2)], is_marked: false, seq: 2 },
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: true, seq: 3, reveal: true },
    ]);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toEqual({
      message:
        'You have already seen the answer to this question, so your answer can no longer change.',
      errors: {
        'stems.1': [
          'You have already seen the answer to this question, so your answer can no longer change.',
        ],
      },
      locked: [
        expect.objectContaining({
          stem_id: q1,
          stem_choice_ids: [wrongOf(q1)],
          correct_choice_ids: [keyOf(q1)],
          is_correct: false,
        }),
      ],
    });
    // Clearing the answer is a change as well.
    const cleared = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [], is_marked: false, seq: 4 },
    ]);
    expect(cleared.statusCode).toBe(409);

    // The mark may still change; an older record is skipped as before.
    const marked = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [wrongOf(q1)], is_marked: true, seq: 5 },
    ]);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.saved).toEqual([{ stem_id: q1, seq: 5, applied: true }]);
    const stale = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 2 },
    ]);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data.saved[0].applied).toBe(false);

    const reopened = await read(client, attempt);
    expect(reopened.questions[0]).toMatchObject({
      chosen_choice_ids: [wrongOf(q1)],
      is_marked: true,
      correct_choice_ids: [keyOf(q1)],
      is_correct: false,
    });
    expect(reopened.questions[1]!.chosen_choice_ids).toEqual([]);

    const result = await submit(client, attempt);
    expect(result).toMatchObject({ correct: 0, incorrect: 1, unanswered: 2 });
  });

  it('says so in Spanish', async () => {
    const client = await student('es');
    const attempt = await start(client);
    const q1 = attempt.questions[0]!.stem_id;
    await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [wrongOf(q1)], is_marked: false, seq: 1, reveal: true },
    ]);
    const change = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 2 },
    ]);
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(
      'Ya viste la respuesta de esta pregunta, así que tu respuesta no puede cambiar.',
    );
  });

  it('a multi-choice question takes every pick before the reveal, none after', async () => {
    const multi = bank.bank.find((stem) => stem.stemNumber === 2)!;
    await t.db.update(stems).set({ isMultiChoice: true }).where(eq(stems.id, multi.id));
    await t.db
      .update(stemChoices)
      .set({ isCorrect: true })
      .where(and(eq(stemChoices.stemId, multi.id), eq(stemChoices.id, multi.wrongId)));
    try {
      const client = await student();
      const attempt = await start(client);
      const first = await save(client, attempt, [
        { stem_id: multi.id, stem_choice_ids: [multi.keyId], is_marked: false, seq: 1 },
      ]);
      expect(first.json().data.revealed).toEqual([]);
      const both = await save(client, attempt, [
        {
          stem_id: multi.id,
          stem_choice_ids: [multi.keyId, multi.wrongId],
          is_marked: false,
          seq: 2,
          reveal: true,
        },
      ]);
      expect(both.json().data.revealed).toEqual([
        expect.objectContaining({ stem_id: multi.id, is_correct: true }),
      ]);
      const fewer = await save(client, attempt, [
        { stem_id: multi.id, stem_choice_ids: [multi.keyId], is_marked: false, seq: 3 },
      ]);
      expect(fewer.statusCode).toBe(409);
      // The same picks in another order are no change.
      const reordered = await save(client, attempt, [
        {
          stem_id: multi.id,
          stem_choice_ids: [multi.wrongId, multi.keyId],
          is_marked: true,
          seq: 4,
        },
      ]);
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await submit(client, attempt)).correct).toBe(1);
    } finally {
      await t.db.update(stems).set({ isMultiChoice: false }).where(eq(stems.id, multi.id));
      await t.db
        .update(stemChoices)
        .set({ isCorrect: false })
        .where(eq(stemChoices.id, multi.wrongId));
    }
  });

  it('outside study mode `reveal` shows nothing and locks nothing', async () => {
    const client = await student();
    const attempt = await start(client, false);
    const q1 = attempt.questions[0]!.stem_id;
    const first = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [wrongOf(q1)], is_marked: false, seq: 1, reveal: true },
    ]);
    expect(first.json().data.revealed).toEqual([]);
    const changed = await save(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 2 },
    ]);
    expect(changed.statusCode).toBe(200);
    expect((await read(client, attempt)).questions[0]).not.toHaveProperty('solution_html');
    expect((await submit(client, attempt)).correct).toBe(1);
  });

  it('concurrent saves never change an answer once its key was sent', async () => {
    const client = await student();
    const attempt = await start(client);
    const q1 = attempt.questions[0]!.stem_id;
    // Alternating picks, each asking for the reveal, all at once.
    const picks = Array.from({ length: 8 }, (_, index) => (index % 2 ? keyOf(q1) : wrongOf(q1)));
    const responses = await Promise.all(
      picks.map((pick, index) =>
        save(client, attempt, [
          { stem_id: q1, stem_choice_ids: [pick], is_marked: false, seq: index + 1, reveal: true },
        ]),
      ),
    );
    const [row] = await t.db
      .select({ chosen: userTestStems.chosenChoiceIds, revealedAt: userTestStems.revealedAt })
      .from(userTestStems)
      .where(and(eq(userTestStems.userTestId, attempt.id), eq(userTestStems.stemId, q1)));
    expect(row!.revealedAt).not.toBeNull();
    const finalIsKey = row!.chosen[0] === keyOf(q1);
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      // A record skipped as older may come back without a reveal.
      const outcome: { is_correct: boolean } | undefined =
        response.statusCode === 200 ? response.json().data.revealed[0] : response.json().locked[0];
      // Every key the server sent judged the answer that stayed.
      if (outcome) expect(outcome.is_correct).toBe(finalIsKey);
    }
    expect((await submit(client, attempt)).correct).toBe(finalIsKey ? 1 : 0);
  });
});
