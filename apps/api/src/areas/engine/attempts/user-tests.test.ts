import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import {
  mailOutbox,
  stemCorrectionRequests,
  userSubjectStats,
  userTests,
} from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { sweepDueAttempts } from './submit.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function student(options: { access?: number[]; debug?: boolean; language?: string } = {}) {
  const user = await createStudent(t.db, { permissions: options.debug ? ['debug'] : [] });
  for (const subjectId of options.access ?? []) await grantAccess(t.db, user.id, subjectId);
  const client = new TestClient(t.app, { language: options.language ?? 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const practice = (subjectId: number, selection: object, extra: object = {}) => ({
  subject_id: subjectId,
  mode: 'practice',
  selection,
  ...extra,
});

async function start(client: TestClient, body: object): Promise<Attempt> {
  const response = await client.post('/api/user-tests', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function answer(client: TestClient, attempt: Attempt, stems: object[]) {
  return client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
}

describe('subject list and setup', () => {
  it('shows access per subject and the themes with counts and exam quotas', async () => {
    const bank = await createBank(t.db, { weights: [60, 40], perTheme: 8, questionCount: 10 });
    const withAccess = await student({ access: [bank.subject.id] });
    const without = await student();

    const list = (await withAccess.client.get('/api/subjects')).json().data;
    const card = list
      .flatMap((test: { subjects: object[] }) => test.subjects)
      .find((subject: { id: number }) => subject.id === bank.subject.id);
    expect(card).toMatchObject({ has_access: true, bank_count: 16, custom_tests: 0 });
    const otherCard = (await without.client.get('/api/subjects'))
      .json()
      .data.flatMap((test: { subjects: object[] }) => test.subjects)
      .find((subject: { id: number }) => subject.id === bank.subject.id);
    expect(otherCard.has_access).toBe(false);

    const setup = (await withAccess.client.get(`/api/subjects/${bank.subject.id}/setup`)).json()
      .data;
    expect(
      setup.themes.map((theme: { count: number; exam_quota: number; weight: number }) => [
        theme.count,
        theme.weight,
        theme.exam_quota,
      ]),
    ).toEqual([
      [8, 60, 6],
      [8, 40, 4],
    ]);
    expect(setup.max_stem_number).toBe(16);
    expect(setup.themes[0].with_context).toBe(3);
  });
});

describe('starting', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createBank(t.db, { weights: [50, 50], perTheme: 10, questionCount: 12 });
  });

  it('refuses a student without access with 403 and stores nothing', async () => {
    const { client, user } = await student();
    const response = await client.post('/api/user-tests', practice(bank.subject.id, { value: 1 }));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/active subscription/);
    expect(await t.db.$count(userTests, eq(userTests.userId, user.id))).toBe(0);
  });

  it('builds each of the four practice modes', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const all = await start(
      client,
      practice(bank.subject.id, { value: 1 }, { replace_in_progress: true }),
    );
    expect(all.questions).toHaveLength(20);
    expect(all.type).toBe('custom');
    expect(all.deadline_at).toBeNull();

    const count = await start(
      client,
      practice(
        bank.subject.id,
        { value: 2, limit: 5 },
        { replace_in_progress: true, random_question: true },
      ),
    );
    expect(count.questions).toHaveLength(5);

    const range = await start(
      client,
      practice(bank.subject.id, { value: 3, from: 4, to: 9 }, { replace_in_progress: true }),
    );
    expect(range.questions.map((question) => question.stem_number).sort((a, b) => a - b)).toEqual([
      4, 5, 6, 7, 8, 9,
    ]);

    const byTheme = await start(
      client,
      practice(
        bank.subject.id,
        { value: 4, themes: [{ theme_id: bank.themes[1]!.id, quantity: 3 }] },
        { replace_in_progress: true, timer: { hours: 0, minutes: 20 } },
      ),
    );
    expect(byTheme.questions).toHaveLength(3);
    expect(byTheme.questions.every((question) => question.theme_id === bank.themes[1]!.id)).toBe(
      true,
    );
    expect(byTheme.seconds).toBe(20 * 60);
    const clock = (await client.post(`/api/user-tests/${byTheme.id}/begin`)).json().data;
    expect(new Date(clock.deadline_at).getTime() - new Date(clock.begun_at).getTime()).toBe(
      20 * 60_000,
    );
    // No keys while the test runs.
    expect(byTheme.questions[0]!.choices[0]).not.toHaveProperty('is_correct');
    expect(byTheme.questions[0]!).not.toHaveProperty('solution_html');
  });

  it('answers bad setups with 422 and the spec messages, storing nothing', async () => {
    const { client, user } = await student({ access: [bank.subject.id] });
    const cases: Array<[object, string, string]> = [
      [
        practice(bank.subject.id, { value: 2, limit: 0 }),
        'selection.limit',
        'You must select quantity of questions',
      ],
      [
        practice(bank.subject.id, { value: 3, from: 0, to: 0 }),
        'selection.from',
        'You must select a range of questions',
      ],
      [
        practice(bank.subject.id, { value: 3, from: 5, to: 2 }),
        'selection.to',
        'Invalid question range',
      ],
      [
        practice(bank.subject.id, { value: 3, from: 5, to: 500 }),
        'selection.to',
        'Invalid question range',
      ],
      [
        practice(bank.subject.id, { value: 4, themes: [] }),
        'selection.themes',
        'You must select a theme',
      ],
      [
        practice(bank.subject.id, { value: 4, themes: [{ theme_id: 999999, quantity: 2 }] }),
        'selection.themes',
        'not part of the subject',
      ],
      [practice(bank.subject.id, { value: 2, limit: 500 }), 'selection.limit', 'at most 20'],
      [
        practice(bank.subject.id, { value: 1 }, { timer: { hours: 0, minutes: 0 } }),
        'timer',
        'Time required',
      ],
      [
        practice(bank.subject.id, { value: 1 }, { timer: { hours: 13, minutes: 0 } }),
        'timer.hours',
        '12',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await client.post('/api/user-tests', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.join(' '), JSON.stringify(response.json())).toContain(
        message,
      );
    }
    expect(await t.db.$count(userTests, eq(userTests.userId, user.id))).toBe(0);
  });

  it('localizes the setup messages in Spanish', async () => {
    const { client } = await student({ access: [bank.subject.id], language: 'es' });
    const response = await client.post(
      '/api/user-tests',
      practice(bank.subject.id, { value: 2, limit: 0 }),
    );
    expect(response.json().errors['selection.limit']).toEqual([
      'Debe seleccionar la cantidad de preguntas',
    ]);
  });

  it('draws a mock exam by the weights, without repeats, with the period duration', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const exam = await start(client, { subject_id: bank.subject.id, mode: 'mock_exam' });
    expect(exam.type).toBe('official');
    expect(exam.questions).toHaveLength(12);
    expect(new Set(exam.questions.map((question) => question.stem_id)).size).toBe(12);
    const perTheme = bank.themes.map(
      (theme) => exam.questions.filter((question) => question.theme_id === theme.id).length,
    );
    expect(perTheme).toEqual([6, 6]);
    // The clock starts at the begin, with the period's duration.
    expect(exam.deadline_at).toBeNull();
    const begun = (await client.post(`/api/user-tests/${exam.id}/begin`)).json().data;
    expect(new Date(begun.deadline_at).getTime() - new Date(begun.begun_at).getTime()).toBe(
      30 * 60_000,
    );
    // Questions sharing a context are next to each other.
    const positions = exam.questions
      .filter((question) => question.context)
      .map((question) => question.position);
    if (positions.length > 0) expect(positions.at(-1)! - positions[0]!).toBe(positions.length - 1);
  });

  it('offers the attempt in progress (409) and replaces it on request', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const first = await start(client, practice(bank.subject.id, { value: 2, limit: 2 }));
    const again = await client.post('/api/user-tests', practice(bank.subject.id, { value: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().in_progress_user_test_id).toBe(first.id);
    const second = await start(
      client,
      practice(bank.subject.id, { value: 1 }, { replace_in_progress: true }),
    );
    expect(second.id).not.toBe(first.id);
    const old = (await client.get(`/api/user-tests/${first.id}`)).json().data;
    expect(old.status).toBe('submitted');
  });

  it("never shows another student's attempt", async () => {
    const owner = await student({ access: [bank.subject.id] });
    const other = await student({ access: [bank.subject.id] });
    const attempt = await start(owner.client, practice(bank.subject.id, { value: 2, limit: 2 }));
    expect((await other.client.get(`/api/user-tests/${attempt.id}`)).statusCode).toBe(404);
    expect(
      (
        await answer(other.client, attempt, [
          { stem_id: attempt.questions[0]!.stem_id, stem_choice_ids: [], is_marked: true, seq: 1 },
        ])
      ).statusCode,
    ).toBe(404);
    expect((await other.client.post(`/api/user-tests/${attempt.id}/submit`)).statusCode).toBe(404);
  });
});

describe('saving and submitting', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createBank(t.db, { weights: [50, 50], perTheme: 5, questionCount: 10 });
  });
  const keyOf = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!.keyId;
  const wrongOf = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!.wrongId;

  it('saves answers and marks, keeps the newest by seq, and scores by hand calculation', async () => {
    const { client, user } = await student({ access: [bank.subject.id] });
    const attempt = await start(client, practice(bank.subject.id, { value: 2, limit: 4 }));
    const [q1, q2, q3, q4] = attempt.questions.map((question) => question.stem_id) as [
      number,
      number,
      number,
      number,
    ];

    const saved = await answer(client, attempt, [
      { stem_id: q1, stem_choice_ids: [keyOf(q1)], is_marked: false, seq: 2 },
      { stem_id: q2, stem_choice_ids: [wrongOf(q2)], is_marked: true, seq: 3 },
      { stem_id: q3, stem_choice_ids: [keyOf(q3)], is_marked: false, seq: 4 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.saved.every((entry: { applied: boolean }) => entry.applied)).toBe(
      true,
    );
    // A late retry of an older state does not overwrite the newer one.
    const stale = await answer(client, attempt, [
      { stem_id: q3, stem_choice_ids: [wrongOf(q3)], is_marked: false, seq: 1 },
    ]);
    expect(stale.json().data.saved[0].applied).toBe(false);
    // Marking q4 touches only its mark.
    await answer(client, attempt, [{ stem_id: q4, stem_choice_ids: [], is_marked: true, seq: 5 }]);

    const read = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;
    expect(
      read.questions.map((question) => [question.chosen_choice_ids.length, question.is_marked]),
    ).toEqual([
      [1, false],
      [1, true],
      [1, false],
      [0, true],
    ]);

    const result = (await client.post(`/api/user-tests/${attempt.id}/submit`)).json()
      .data as AttemptResult;
    expect(result).toMatchObject({
      total: 4,
      correct: 2,
      incorrect: 1,
      unanswered: 1,
      score: 0,
      passed: true,
      percentage: 50,
    });
    const again = (await client.post(`/api/user-tests/${attempt.id}/submit`)).json().data;
    expect(again).toEqual(result);
    const [stats] = await t.db
      .select()
      .from(userSubjectStats)
      .where(
        and(eq(userSubjectStats.userId, user.id), eq(userSubjectStats.subjectId, bank.subject.id)),
      );
    expect(stats).toMatchObject({
      attempts: 1,
      questions: 4,
      correct: 2,
      incorrect: 1,
      unanswered: 1,
      type: 'custom',
    });

    const after = await answer(client, attempt, [
      { stem_id: q4, stem_choice_ids: [keyOf(q4)], is_marked: false, seq: 9 },
    ]);
    expect(after.statusCode).toBe(409);
    const reviewed = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;
    expect(reviewed.questions[3]!.chosen_choice_ids).toEqual([]);
    expect(reviewed.questions[0]!.is_correct).toBe(true);
    expect(reviewed.questions[0]!.solution_html).toContain('Solución');
  });

  it('refuses a question of another attempt, a choice of another question and two picks on single choice', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const attempt = await start(client, practice(bank.subject.id, { value: 3, from: 1, to: 2 }));
    const [q1, q2] = attempt.questions.map((question) => question.stem_id) as [number, number];
    const outside = bank.bank.find((stem) => stem.stemNumber === 5)!;
    const cases = [
      { stem_id: outside.id, stem_choice_ids: [outside.keyId], is_marked: false, seq: 1 },
      { stem_id: q1, stem_choice_ids: [keyOf(q2)], is_marked: false, seq: 1 },
      { stem_id: q1, stem_choice_ids: [keyOf(q1), wrongOf(q1)], is_marked: false, seq: 1 },
    ];
    for (const record of cases) {
      const response = await answer(client, attempt, [
        { stem_id: q2, stem_choice_ids: [keyOf(q2)], is_marked: false, seq: 1 },
        record,
      ]);
      expect(response.statusCode).toBe(422);
    }
    const read = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;
    expect(read.questions.every((question) => question.chosen_choice_ids.length === 0)).toBe(true);
  });

  it('reveals the explanation in study mode only once the question is answered', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const attempt = await start(
      client,
      practice(bank.subject.id, { value: 2, limit: 2 }, { study_mode: true }),
    );
    expect(attempt.questions[0]).not.toHaveProperty('solution_html');
    const stemId = attempt.questions[0]!.stem_id;
    const unanswered = await answer(client, attempt, [
      { stem_id: stemId, stem_choice_ids: [], is_marked: true, seq: 1, reveal: true },
    ]);
    expect(unanswered.json().data.revealed).toEqual([]);
    const response = await answer(client, attempt, [
      {
        stem_id: stemId,
        stem_choice_ids: [wrongOf(stemId)],
        is_marked: false,
        seq: 2,
        reveal: true,
      },
    ]);
    expect(response.json().data.revealed).toEqual([
      expect.objectContaining({
        stem_id: stemId,
        correct_choice_ids: [keyOf(stemId)],
        is_correct: false,
      }),
    ]);
    const read = (await client.get(`/api/user-tests/${attempt.id}`)).json().data as Attempt;
    expect(read.questions[0]!.solution_html).toContain('Solución');
    expect(read.questions[1]).not.toHaveProperty('solution_html');
  });

  it('shows debug users which choices are correct while the test runs', async () => {
    const { client } = await student({ access: [bank.subject.id], debug: true });
    const attempt = await start(client, practice(bank.subject.id, { value: 2, limit: 1 }));
    expect(attempt.questions[0]!.choices.filter((choice) => choice.is_correct)).toHaveLength(1);
  });

  it('after the deadline refuses the save and submits what was saved', async () => {
    const { client, user } = await student({ access: [bank.subject.id] });
    const attempt = await start(
      client,
      practice(bank.subject.id, { value: 2, limit: 3 }, { timer: { hours: 0, minutes: 1 } }),
    );
    await client.post(`/api/user-tests/${attempt.id}/begin`);
    const stemId = attempt.questions[0]!.stem_id;
    await answer(client, attempt, [
      { stem_id: stemId, stem_choice_ids: [keyOf(stemId)], is_marked: false, seq: 1 },
    ]);
    // The deadline passes.
    await t.db
      .update(userTests)
      .set({ startedAt: new Date(Date.now() - 120_000), deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(userTests.id, attempt.id));
    const late = await answer(client, attempt, [
      {
        stem_id: attempt.questions[1]!.stem_id,
        stem_choice_ids: [keyOf(attempt.questions[1]!.stem_id)],
        is_marked: false,
        seq: 2,
      },
    ]);
    expect(late.statusCode).toBe(409);
    const [row] = await t.db.select().from(userTests).where(eq(userTests.id, attempt.id));
    expect(row).toMatchObject({
      status: 'submitted',
      totalCorrect: 1,
      totalUnanswered: 2,
      userId: user.id,
    });
    expect(row!.submittedAt!.getTime()).toBe(row!.deadlineAt!.getTime());
  });

  it('the sweeper submits an attempt whose deadline passed', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const attempt = await start(
      client,
      practice(bank.subject.id, { value: 2, limit: 2 }, { timer: { hours: 0, minutes: 1 } }),
    );
    await client.post(`/api/user-tests/${attempt.id}/begin`);
    const stemId = attempt.questions[0]!.stem_id;
    await answer(client, attempt, [
      { stem_id: stemId, stem_choice_ids: [keyOf(stemId)], is_marked: false, seq: 1 },
    ]);
    await sweepDueAttempts(t.db, new Date(Date.now() + 61_000), 30);
    const result = (await client.get(`/api/user-tests/${attempt.id}/result`)).json().data;
    expect(result).toMatchObject({ correct: 1, unanswered: 1 });
  });

  it('a closed page is submitted after the grace period; a reload in time resumes it', async () => {
    const { client } = await student({ access: [bank.subject.id] });
    const attempt = await start(client, practice(bank.subject.id, { value: 2, limit: 2 }));
    expect((await client.post(`/api/user-tests/${attempt.id}/leave`)).statusCode).toBe(202);
    // Reloaded within the grace period: reading it cancels the leave.
    await client.get(`/api/user-tests/${attempt.id}`);
    await sweepDueAttempts(t.db, new Date(Date.now() + 60_000), 30);
    expect((await client.get(`/api/user-tests/${attempt.id}`)).json().data.status).toBe(
      'in_progress',
    );

    await client.post(`/api/user-tests/${attempt.id}/leave`);
    await sweepDueAttempts(t.db, new Date(Date.now() + 10_000), 30);
    expect((await client.get(`/api/user-tests/${attempt.id}`)).json().data.status).toBe(
      'in_progress',
    );
    await client.post(`/api/user-tests/${attempt.id}/leave`);
    await sweepDueAttempts(t.db, new Date(Date.now() + 31_000), 30);
    const [row] = await t.db.select().from(userTests).where(eq(userTests.id, attempt.id));
    expect(row!.status).toBe('submitted');
  });
});

describe('other kinds of test', () => {
  it('class B official: one point per correct answer and one more per correct special question', async () => {
    const bank = await createBank(t.db, {
      standardTestId: 2,
      weights: [100],
      perTheme: 35,
      questionCount: 35,
      approvalGrade: 330,
    });
    const { client } = await student({ access: [bank.subject.id] });
    const exam = await start(client, { subject_id: bank.subject.id, mode: 'mock_exam' });
    await client.post(`/api/user-tests/${exam.id}/begin`);
    const [row] = await t.db.select().from(userTests).where(eq(userTests.id, exam.id));
    const specials = row!.specialNumbers;
    expect(new Set(specials).size).toBe(3);
    expect(specials.every((number) => number >= 1 && number <= 35)).toBe(true);
    // Right on the first 20 questions, wrong on the rest.
    const key = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!;
    await answer(
      client,
      exam,
      exam.questions.map((question, index) => ({
        stem_id: question.stem_id,
        stem_choice_ids: [index < 20 ? key(question.stem_id).keyId : key(question.stem_id).wrongId],
        is_marked: false,
        seq: 1,
      })),
    );
    const result = (await client.post(`/api/user-tests/${exam.id}/submit`)).json()
      .data as AttemptResult;
    const specialRight = specials.filter((number) => number <= 20).length;
    expect(result.correct).toBe(20);
    // The test bank's grade table is correct count x 10.
    expect(result.score).toBe((20 + specialRight) * 10);
    expect(result.passed).toBe(result.score >= 330);
    expect(result.special_numbers).toEqual(specials);
  });

  it('retakes a past attempt with the same questions in the same order', async () => {
    const bank = await createBank(t.db);
    const { client } = await student({ access: [bank.subject.id] });
    const first = await start(
      client,
      practice(bank.subject.id, { value: 2, limit: 6 }, { random_question: true }),
    );
    await client.post(`/api/user-tests/${first.id}/submit`);
    const retake = await start(client, {
      subject_id: bank.subject.id,
      mode: 'historical',
      source_user_test_id: first.id,
      random_answer: true,
    });
    expect(retake.mode).toBe('historical');
    expect(retake.questions.map((question) => question.stem_id)).toEqual(
      first.questions.map((question) => question.stem_id),
    );
  });

  it('wrong answers: own mistakes, or the most failed; none gives the spec message', async () => {
    const bank = await createBank(t.db);
    const { client } = await student({ access: [bank.subject.id], language: 'es' });
    const none = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('No tienes preguntas incorrectas');

    const attempt = await start(client, practice(bank.subject.id, { value: 2, limit: 3 }));
    const [q1, q2] = attempt.questions;
    const stem = (id: number) => bank.bank.find((entry) => entry.id === id)!;
    await answer(client, attempt, [
      {
        stem_id: q1!.stem_id,
        stem_choice_ids: [stem(q1!.stem_id).wrongId],
        is_marked: false,
        seq: 1,
      },
      {
        stem_id: q2!.stem_id,
        stem_choice_ids: [stem(q2!.stem_id).keyId],
        is_marked: false,
        seq: 1,
      },
    ]);
    await client.post(`/api/user-tests/${attempt.id}/submit`);
    const own = await start(client, {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(own.questions.map((question) => question.stem_id)).toEqual([q1!.stem_id]);
    await client.post(`/api/user-tests/${own.id}/submit`);
    const general = await start(client, {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'general',
    });
    expect(general.questions.map((question) => question.stem_id)).toEqual([q1!.stem_id]);
  });

  it('wrong answers: a set of 20 by default, more when asked, named by its kind', async () => {
    const bank = await createBank(t.db, { perTheme: 15, questionCount: 30 });
    const { client } = await student({ access: [bank.subject.id] });
    const attempt = await start(client, practice(bank.subject.id, { value: 1 }));
    const stem = (id: number) => bank.bank.find((entry) => entry.id === id)!;
    await answer(
      client,
      attempt,
      attempt.questions.map((question, index) => ({
        stem_id: question.stem_id,
        stem_choice_ids: [stem(question.stem_id).wrongId],
        is_marked: false,
        seq: index + 1,
      })),
    );
    await client.post(`/api/user-tests/${attempt.id}/submit`);
    const own = await start(client, {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(own.questions).toHaveLength(20);
    expect(own.wrong_source).toBe('own');
    const sent = (await client.post(`/api/user-tests/${own.id}/submit`)).json();
    expect(sent.data.wrong_source).toBe('own');
    const more = await start(client, {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
      wrong_limit: 25,
    });
    expect(more.questions).toHaveLength(25);
    const tooMany = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
      wrong_limit: 5000,
      replace_in_progress: true,
    });
    expect(tooMany.statusCode).toBe(422);
  });

  it('mails a comment on a question to the content team', async () => {
    const bank = await createBank(t.db);
    const { client } = await student({ access: [bank.subject.id] });
    const stemId = bank.bank[0]!.id;
    // The question was shown in one of the student's attempts (sent since).
    const attempt = await start(client, practice(bank.subject.id, { value: 1 }));
    expect(attempt.questions.map((question) => question.stem_id)).toContain(stemId);
    await client.post(`/api/user-tests/${attempt.id}/submit`);
    const response = await client.post('/api/mail/stem-correction-request', {
      subjectId: bank.subject.id,
      stemId,
      commment: 'La alternativa B también parece correcta.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/content team/);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, t.config.contentTeamEmail));
    expect(
      mails.some(
        (mail) =>
          mail.text.includes('La alternativa B') &&
          mail.text.includes(`/admin/questions/${stemId}`),
      ),
    ).toBe(true);
    const tooLong = await client.post('/api/mail/stem-correction-request', {
      subjectId: bank.subject.id,
      stemId,
      comment: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('refuses a comment on a question the student was never shown (404, localized), keeping nothing', async () => {
    const bank = await createBank(t.db, { weights: [50, 50], perTheme: 5, questionCount: 4 });
    const stemId = bank.bank[0]!.id;
    const comments = async () =>
      t.db.select().from(stemCorrectionRequests).where(eq(stemCorrectionRequests.stemId, stemId));
    const mails = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, t.config.contentTeamEmail))
      ).filter((mail) => mail.text.includes(`/admin/questions/${stemId}`));
    const comment = (client: TestClient) =>
      client.post('/api/mail/stem-correction-request', {
        subjectId: bank.subject.id,
        stemId,
        comment: 'Esta pregunta tiene un error.',
      });

    // Signed in, no subscription, never took a test.
    const stranger = await student({ language: 'es' });
    const refused = await comment(stranger.client);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().message).toBe(
      'Solo puedes comentar preguntas que se te mostraron en tus pruebas.',
    );

    // A timed attempt holding the question, still on its instructions: not shown yet.
    const { client } = await student({ access: [bank.subject.id] });
    const timed = await start(
      client,
      practice(bank.subject.id, { value: 1 }, { timer: { hours: 0, minutes: 10 } }),
    );
    expect(timed.questions.map((question) => question.stem_id)).toContain(stemId);
    expect((await comment(client)).statusCode).toBe(404);
    expect(await comments()).toEqual([]);
    expect(await mails()).toEqual([]);

    // Begun: shown, so the comment is taken.
    await client.post(`/api/user-tests/${timed.id}/begin`);
    expect((await comment(client)).statusCode).toBe(200);
    expect(await comments()).toHaveLength(1);
  });
});
