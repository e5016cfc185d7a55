import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemChoiceStats,
  itemStats,
  stemCorrectionRequests,
  userTests,
  userTestStems,
} from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createAdmin, createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { rebuildItemStats, refreshItemStats } from './item-stats-repo.ts';
import { excerptOf } from './service.ts';

let t: TestApp;
let admin: TestClient;
let bank: TestBank;
let studentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = new TestClient(t.app);
  await admin.login((await createAdmin(t.db)).email, TEST_PASSWORD);
  bank = await createBank(t.db, { perTheme: 4 });
  studentId = (await createStudent(t.db)).id;
});
afterAll(() => t?.close());

/** `at`: when the answer was last saved, in seconds after T0 (none: never saved). */
type Answer = { stem: number; chosen: 'A' | 'B' | 'C' | 'D' | null; at?: number };

/** The moment the timed attempts begin. */
const T0 = Date.parse('2026-03-02T12:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);

/**
 * A submitted attempt of the bank's period written directly (as the demo seed does): the given
 * answers (choice A is each question's key) and `totalCorrect` scored questions right out of 10.
 * It was opened an hour before T0 and begun at T0 (`begun: false`: never begun, opened at T0).
 */
async function insertAttempt(options: {
  answers: Answer[];
  totalCorrect: number;
  mode?: 'mock_exam' | 'practice' | 'wrong_answers';
  countsForPopulation?: boolean;
  begun?: boolean;
}) {
  const mode = options.mode ?? 'mock_exam';
  const [attempt] = await t.db
    .insert(userTests)
    .values({
      userId: studentId,
      subjectId: bank.subject.id,
      standardTestId: bank.subject.standardTestId,
      periodId: bank.period.id,
      type: mode === 'mock_exam' ? 'official' : 'custom',
      mode,
      status: 'submitted',
      submittedAt: new Date(),
      totalTestStems: 10,
      totalCorrect: options.totalCorrect,
      totalIncorrect: 10 - options.totalCorrect,
      countsForPopulation: options.countsForPopulation ?? true,
      startedAt: options.begun === false ? at(0) : at(-3600),
      begunAt: options.begun === false ? null : at(0),
    })
    .returning();
  await t.db.insert(userTestStems).values(
    options.answers.map((answer, index) => {
      const stem = bank.bank[answer.stem]!;
      const choice = answer.chosen === null ? null : 'ABCD'.indexOf(answer.chosen);
      return {
        userId: studentId,
        userTestId: attempt!.id,
        position: index + 1,
        stemId: stem.id,
        themeId: stem.themeId,
        chosenChoiceIds: choice === null ? [] : [stem.choiceIds[choice]!],
        isCorrect: choice === 0,
        answeredAt: answer.at === undefined ? null : at(answer.at),
      };
    }),
  );
  return attempt!;
}

/** The period's aggregate rows, without their timestamps, in a stable order. */
async function periodRows() {
  const stats = await t.db
    .select()
    .from(itemStats)
    .where(eq(itemStats.periodId, bank.period.id))
    .orderBy(itemStats.stemId);
  const choices = await t.db
    .select()
    .from(itemChoiceStats)
    .where(eq(itemChoiceStats.periodId, bank.period.id))
    .orderBy(itemChoiceStats.choiceId);
  return {
    stats: stats.map(({ updatedAt: _, ...row }) => row),
    choices: choices.filter((row) => row.chosen !== 0),
  };
}

const list = (query: string) =>
  admin.get(`/api/admin/item-analysis?period_id=${bank.period.id}${query}`);
const detail = (stemId: number) =>
  admin.get(`/api/admin/item-analysis/${stemId}?period_id=${bank.period.id}`);

// The hand-computed example of packages/core/src/statistics/item-analysis.test.ts: eight mock
// exams; question 0 chosen A (the key), A, A, B, A, B, C and left unanswered, with rest-of-exam
// scores y = 8, 7, 6, 5, 4, 3, 2, 3. Each attempt also has question 1 right (everyone: its r is
// undefined), which is part of y; total_correct = y + x.
//   n = 8, Σx = 4, Σy = 38, Σxy = 25, Σy² = 212: r = 48 / √4032 = 0.7559;
//   facility 4/8 = 50 %; A 50 %, B 25 %, C 12.5 %, D 0 %, unanswered 1 (12.5 %).
// Times: each row gives when questions 0 and 1 were saved (seconds after the begin, T0); an
// answer's time runs from the attempt's previous save, or from its begin for the first one
// (attempt 3 was never begun: from its opening, also T0), rounded and capped at 1800 s.
//   attempt  q0 saved  q1 saved  q0 time            q1 time
//   1        40        60        40 (from begin)    20
//   2        125       30        95 (from q1)       30
//   3        60        90        60 (from opening)  30
//   4        130       10        120                10
//   5        74.6      100       75 (rounded)       25 (25.4 rounded)
//   6        7200      7220      1800 (capped)      20
//   7        80        50        30                 50
//   8        100       130       - (cleared)        30 (from q0's save at 100)
//   question 0: n = 7, Σ = 2220, mean 317.14 s; question 1: n = 8, Σ = 215, mean 26.875 s.
const HAND_EXAMPLE: Array<[Answer['chosen'], number, number, number]> = [
  ['A', 8, 40, 60],
  ['A', 7, 125, 30],
  ['A', 6, 60, 90],
  ['B', 5, 130, 10],
  ['A', 4, 74.6, 100],
  ['B', 3, 7200, 7220],
  ['C', 2, 80, 50],
  [null, 3, 100, 130],
];

describe('item analysis', () => {
  it('matches the hand-computed example', async () => {
    for (const [index, [chosen, rest, at0, at1]] of HAND_EXAMPLE.entries()) {
      const x = chosen === 'A' ? 1 : 0;
      await insertAttempt({
        answers: [
          { stem: 0, chosen, at: at0 },
          { stem: 1, chosen: 'A', at: at1 },
        ],
        totalCorrect: rest + x,
        begun: index !== 2,
      });
    }
    // Nothing is computed on a page view: before the job runs, the figures are empty.
    const before = (await detail(bank.bank[0]!.id)).json().data;
    expect(before.attempts).toBe(0);

    await refreshItemStats(t.db);
    const response = await detail(bank.bank[0]!.id);
    expect(response.statusCode).toBe(200);
    const item = response.json().data;
    expect(item).toMatchObject({
      attempts: 8,
      correct: 4,
      unanswered: 1,
      facility: 0.5,
      discrimination_n: 8,
      average_seconds: 2220 / 7,
      flags: [], // D is never picked, but 8 answers are fewer than the minimum of 30
    });
    expect(item.discrimination).toBeCloseTo(48 / Math.sqrt(4032), 10);
    expect(item.discrimination).toBeCloseTo(0.7559, 4);
    expect(item.choices.map((c: { share: number }) => c.share)).toEqual([0.5, 0.25, 0.125, 0]);
    expect(item.choices.map((c: { chosen: number }) => c.chosen)).toEqual([4, 2, 1, 0]);
    expect(item.choices.map((c: { is_correct: boolean }) => c.is_correct)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    const [sums] = await t.db
      .select()
      .from(itemStats)
      .where(and(eq(itemStats.periodId, bank.period.id), eq(itemStats.stemId, bank.bank[0]!.id)));
    expect(sums).toMatchObject({
      mockN: 8,
      mockSumX: 4,
      mockSumY: 38,
      mockSumXY: 25,
      mockSumY2: 212,
      timeN: 7,
      timeSumSeconds: 2220,
    });
    const always = (await detail(bank.bank[1]!.id)).json().data;
    expect(always).toMatchObject({
      attempts: 8,
      facility: 1,
      discrimination: null,
      average_seconds: 26.875,
    });
    // Never answered with a save time: no average.
    expect((await detail(bank.bank[2]!.id)).json().data.average_seconds).toBeNull();
  });

  it('counts practice for facility but not discrimination, and leaves drills and seen keys out', async () => {
    await insertAttempt({ answers: [{ stem: 0, chosen: 'A' }], totalCorrect: 1, mode: 'practice' });
    await insertAttempt({
      answers: [{ stem: 0, chosen: 'B' }],
      totalCorrect: 0,
      mode: 'wrong_answers',
    });
    await insertAttempt({
      answers: [{ stem: 0, chosen: 'D' }],
      totalCorrect: 0,
      mode: 'practice',
      countsForPopulation: false,
    });
    await refreshItemStats(t.db);
    const item = (await detail(bank.bank[0]!.id)).json().data;
    expect(item).toMatchObject({ attempts: 9, correct: 5, discrimination_n: 8 });
    expect(item.discrimination).toBeCloseTo(0.7559, 4);
    expect(item.choices.map((c: { chosen: number }) => c.chosen)).toEqual([5, 2, 1, 0]);
  });

  it('updates incrementally to exactly what a full recomputation gives, deletes included', async () => {
    // Two more runs with attempts in between, one attempt deleted after being counted and one
    // deleted while still queued.
    const counted = await insertAttempt({
      answers: [
        { stem: 2, chosen: 'C', at: 50 },
        { stem: 0, chosen: 'B', at: 65 },
      ],
      totalCorrect: 6,
    });
    await refreshItemStats(t.db, { batchSize: 1 });
    const queued = await insertAttempt({
      answers: [{ stem: 3, chosen: 'A', at: 12 }],
      totalCorrect: 9,
    });
    await insertAttempt({
      answers: [
        { stem: 2, chosen: 'A', at: 44 },
        { stem: 3, chosen: 'B', at: 3000 },
      ],
      totalCorrect: 7,
    });
    await t.db.delete(userTests).where(eq(userTests.id, counted.id));
    await t.db.delete(userTests).where(eq(userTests.id, queued.id));
    await refreshItemStats(t.db);
    const incremental = await periodRows();
    // The deleted attempt's times (50 s on question 2, 15 s on question 0) are taken out again.
    expect(incremental.stats.find((row) => row.stemId === bank.bank[2]!.id)).toMatchObject({
      attempts: 1,
      correct: 1,
      timeN: 1,
      timeSumSeconds: 44,
    });
    expect(incremental.stats.find((row) => row.stemId === bank.bank[0]!.id)).toMatchObject({
      timeN: 7,
      timeSumSeconds: 2220,
    });
    // Only the kept attempt's answer (3000 − 44 s, capped): the queued one was never counted.
    expect(incremental.stats.find((row) => row.stemId === bank.bank[3]!.id)).toMatchObject({
      attempts: 1,
      timeN: 1,
      timeSumSeconds: 1800,
    });

    const read = await admin.post('/api/admin/item-analysis/rebuild', {
      period_id: bank.period.id,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.attempts).toBe(12);
    const full = await periodRows();
    expect(full.choices).toEqual(incremental.choices);
    expect(full.stats.filter((row) => row.attempts !== 0)).toEqual(
      incremental.stats.filter((row) => row.attempts !== 0),
    );
    expect(await rebuildItemStats(t.db, bank.period.id)).toBe(12);
  });

  it('lists, sorts and filters the flagged questions, with the comments', async () => {
    // 30 practice attempts where everyone gets question 4 right: too easy, and no distractor used.
    for (let i = 0; i < 30; i++) {
      await insertAttempt({
        answers: [{ stem: 4, chosen: 'A' }],
        totalCorrect: 1,
        mode: 'practice',
      });
    }
    await t.db.insert(stemCorrectionRequests).values({
      userId: studentId,
      stemId: bank.bank[4]!.id,
      subjectId: bank.subject.id,
      comment: 'La alternativa B dice lo mismo que la A.',
    });
    await refreshItemStats(t.db);

    const all = await list('&sort=attempts&order=desc');
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toMatchObject({ total: 8, min_n: 30, subject_id: bank.subject.id });
    expect(all.json().data[0]).toMatchObject({
      stem_id: bank.bank[4]!.id,
      attempts: 30,
      facility: 1,
      comments: 1,
      flags: ['unused_distractor', 'too_easy'],
    });
    const flagged = await list('&flagged=true');
    expect(flagged.json().data.map((row: { stem_id: number }) => row.stem_id)).toEqual([
      bank.bank[4]!.id,
    ]);
    // Mean times so far: question 3 1800 s, 0 317.1 s, 2 44 s, 1 26.9 s; the others none (last).
    const byTime = await list('&sort=average_seconds&order=desc&per_page=5');
    expect(byTime.json().data.map((row: { stem_id: number }) => row.stem_id)).toEqual(
      [3, 0, 2, 1, 4].map((index) => bank.bank[index]!.id),
    );
    const byNumber = await list('&per_page=3&page=2');
    expect(byNumber.json().data.map((row: { stem_number: number }) => row.stem_number)).toEqual([
      4, 5, 6,
    ]);
    const item = (await detail(bank.bank[4]!.id)).json().data;
    expect(item.comment_list).toMatchObject([
      { comment: 'La alternativa B dice lo mismo que la A.', resolved_at: null },
    ]);
    expect(item.statement_html).toBe('<p>Pregunta 5: e</p>');
  });

  it('answers 404 for an unknown period or a question of another subject, 422 for bad input', async () => {
    expect((await admin.get('/api/admin/item-analysis?period_id=2147483647')).statusCode).toBe(404);
    const other = await createBank(t.db, { perTheme: 1 });
    expect((await detail(other.bank[0]!.id)).statusCode).toBe(404);
    const bad = await admin.get('/api/admin/item-analysis?period_id=x&sort=nope');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['period_id', 'sort']);
    const badRebuild = await admin.post('/api/admin/item-analysis/rebuild', { period_id: 'x' });
    expect(badRebuild.statusCode).toBe(422);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const list = document.paths['/api/admin/item-analysis'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['period_id', 'flagged', 'sort']),
    );
    expect(document.paths['/api/admin/item-analysis/{id}'].get).toBeDefined();
    expect(document.paths['/api/admin/item-analysis/rebuild'].post).toBeDefined();
  });

  it('is for administrators only', async () => {
    const student = new TestClient(t.app);
    const email = (await createStudent(t.db)).email;
    await student.login(email, TEST_PASSWORD);
    const paths = [
      `/api/admin/item-analysis?period_id=${bank.period.id}`,
      `/api/admin/item-analysis/${bank.bank[0]!.id}?period_id=${bank.period.id}`,
    ];
    for (const path of paths) {
      expect((await student.get(path)).statusCode).toBe(403);
      expect((await new TestClient(t.app).get(path)).statusCode).toBe(401);
    }
    const rebuild = await student.post('/api/admin/item-analysis/rebuild', {
      period_id: bank.period.id,
    });
    expect(rebuild.statusCode).toBe(403);
  });
});

describe('the excerpt', () => {
  it('reads TeX and HTML as plain text', () => {
    expect(excerptOf('<p>¿Cuánto es \\(\\frac{5}{6} + \\dfrac{3}{4}\\)?</p>')).toBe(
      '¿Cuánto es 5/6 + 3/4?',
    );
    expect(
      excerptOf(
        '<p>Si \\(x + y = 17\\) y \\(2 \\cdot x\\), \\(\\left(\\frac{2}{3}\\right)^{-2}\\)</p>',
      ),
    ).toBe('Si x + y = 17 y 2 · x, (2/3)^-2');
    expect(excerptOf('<p>\\(\\dfrac{3^{4} \\cdot 3^{2}}{3^{3}}\\)</p>')).toBe('3^4 · 3^2/3^3');
    expect(excerptOf(`<p>${'a'.repeat(200)}</p>`)).toHaveLength(140);
  });
});
