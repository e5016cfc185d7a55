import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import { userTests, userTestStems } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// The mock exam as the real form — elective modules, pilot questions, no repeats across
// a student's exams, and 458 presented as the CL + M1 average to apply rather than a pass mark.
// A database of its own: the application average reads every subject of the standard test.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({}, { ownDatabase: true });
});
afterAll(async () => {
  await t.close();
});

async function student(access: number[], language = 'en') {
  const user = await createStudent(t.db);
  for (const subjectId of access) await grantAccess(t.db, user.id, subjectId);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

const mockExam = (subjectId: number, extra: object = {}) => ({
  subject_id: subjectId,
  mode: 'mock_exam',
  ...extra,
});

/** Starts a mock exam and continues from its instructions (its answers count from the begin). */
async function start(client: TestClient, body: object): Promise<Attempt> {
  const response = await client.post('/api/user-tests', body);
  expect(response.statusCode, response.body).toBe(201);
  const attempt: Attempt = response.json().data;
  expect((await client.post(`/api/user-tests/${attempt.id}/begin`)).statusCode).toBe(200);
  return attempt;
}

async function submit(client: TestClient, id: number): Promise<AttemptResult> {
  const response = await client.post(`/api/user-tests/${id}/submit`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.result ?? response.json().data;
}

describe('elective modules', () => {
  let bank: TestBank;
  // Two common themes (30 + 30) and two electives (40 each): an exam of 10 is 3 + 3 + 4.
  beforeAll(async () => {
    bank = await createBank(t.db, {
      weights: [30, 30, 40, 40],
      electives: 2,
      perTheme: 6,
      questionCount: 10,
    });
  });

  it('requires one elective of the subject, with a localized error, and stores nothing else', async () => {
    const { user, client } = await student([bank.subject.id], 'es');
    const missing = await client.post('/api/user-tests', mockExam(bank.subject.id));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.elective_theme_id).toEqual([
      'Elige el módulo electivo (Biología, Química o Física) para este ensayo.',
    ]);
    const common = await client.post(
      '/api/user-tests',
      mockExam(bank.subject.id, { elective_theme_id: bank.themes[0]!.id }),
    );
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.elective_theme_id).toEqual([
      'Ese módulo electivo no es de un ensayo de esta asignatura.',
    ]);
    const other = await createBank(t.db, { weights: [50, 50], electives: 1 });
    const foreign = await client.post(
      '/api/user-tests',
      mockExam(bank.subject.id, { elective_theme_id: other.themes[1]!.id }),
    );
    expect(foreign.statusCode).toBe(422);
    const practice = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 1 },
      elective_theme_id: bank.themes[2]!.id,
    });
    expect(practice.statusCode).toBe(422);
    expect(await t.db.$count(userTests, eq(userTests.userId, user.id))).toBe(0);
  });

  it('draws the common themes and only the chosen elective, and remembers the choice', async () => {
    const { user, client } = await student([bank.subject.id]);
    const elective = bank.themes[3]!;
    const attempt = await start(
      client,
      mockExam(bank.subject.id, { elective_theme_id: elective.id }),
    );
    const perTheme = bank.themes.map(
      (theme) => attempt.questions.filter((question) => question.theme_id === theme.id).length,
    );
    expect(perTheme).toEqual([3, 3, 0, 4]);
    const [stored] = await t.db.select().from(userTests).where(eq(userTests.id, attempt.id));
    expect(stored!.electiveThemeId).toBe(elective.id);

    const setup = (await client.get(`/api/subjects/${bank.subject.id}/setup`)).json().data;
    expect(setup.last_elective_theme_id).toBe(elective.id);
    expect(setup.themes.map((theme: { is_elective: boolean }) => theme.is_elective)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(setup.themes.map((theme: { exam_quota: number }) => theme.exam_quota)).toEqual([
      3, 3, 4, 4,
    ]);

    const result = await submit(client, attempt.id);
    expect(result.elective).toEqual({ theme_id: elective.id, name: elective.name });
    const history = (
      await client.get(`/api/subjects/${bank.subject.id}/user-tests?type=official`)
    ).json().data;
    expect(history[0]).toMatchObject({ id: attempt.id, elective_name: elective.name });
    const dashboard = (await client.get('/api/dashboard')).json().data;
    const scores = dashboard.scores.find(
      (score: { subject_id: number }) => score.subject_id === bank.subject.id,
    );
    expect(scores.electives).toEqual([
      { theme_id: elective.id, name: elective.name, attempts: 1, average_score: result.score },
    ]);
    // A retake of the same exam keeps its elective.
    const retake = await start(client, {
      subject_id: bank.subject.id,
      mode: 'historical',
      source_user_test_id: attempt.id,
    });
    const [retaken] = await t.db.select().from(userTests).where(eq(userTests.id, retake.id));
    expect(retaken!.electiveThemeId).toBe(elective.id);
    expect(user.id).toBeGreaterThan(0);
  });
});

describe('pilot questions', () => {
  it('marks the period’s pilots, never sends which, and grades the scored questions only', async () => {
    const bank = await createBank(t.db, {
      weights: [50, 50],
      perTheme: 6,
      questionCount: 10,
      pilotCount: 3,
    });
    const { user, client } = await student([bank.subject.id]);
    const attempt = await start(client, mockExam(bank.subject.id));
    expect(attempt.questions).toHaveLength(10);
    const raw = (await client.get(`/api/user-tests/${attempt.id}`)).body;
    expect(raw).not.toMatch(/pilot/i);
    const rows = await t.db
      .select({ stemId: userTestStems.stemId, isPilot: userTestStems.isPilot })
      .from(userTestStems)
      .where(and(eq(userTestStems.userTestId, attempt.id), eq(userTestStems.userId, user.id)));
    const pilots = new Set(rows.filter((row) => row.isPilot).map((row) => row.stemId));
    expect(pilots.size).toBe(3);
    // Every scored question right, every pilot wrong: a full score all the same.
    const key = new Map(bank.bank.map((stem) => [stem.id, stem]));
    const saved = await client.post(`/api/user-tests/${attempt.id}/stems`, {
      stems: attempt.questions.map((question, index) => ({
        stem_id: question.stem_id,
        stem_choice_ids: [
          pilots.has(question.stem_id)
            ? key.get(question.stem_id)!.wrongId
            : key.get(question.stem_id)!.keyId,
        ],
        is_marked: false,
        seq: index + 1,
      })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = await submit(client, attempt.id);
    expect(result).toMatchObject({
      total: 7,
      pilot_count: 3,
      correct: 7,
      incorrect: 0,
      unanswered: 0,
      score: 70,
    });
    expect(result.themes.reduce((acc, theme) => acc + theme.incorrect, 0)).toBe(0);
    const history = (await client.get(`/api/subjects/${bank.subject.id}/user-tests`)).json().data;
    expect(history[0]).toMatchObject({ total_test_stems: 7, pilot_count: 3 });
    // Once sent: the count, never which ones.
    const sent = (await client.get(`/api/user-tests/${attempt.id}`)).json().data;
    expect(sent.result.pilot_count).toBe(3);
    expect(JSON.stringify(sent.questions)).not.toMatch(/pilot/i);
  });

  it('a practice test and a period without pilots have none', async () => {
    const bank = await createBank(t.db, { weights: [50, 50], perTheme: 6, questionCount: 10 });
    const { client } = await student([bank.subject.id]);
    const attempt = await start(client, mockExam(bank.subject.id));
    const result = await submit(client, attempt.id);
    expect(result).toMatchObject({ total: 10, pilot_count: 0 });
  });
});

describe('mock exams without repeats', () => {
  it('three exams in a row share no question; a fourth repeats the least recently seen', async () => {
    // Three exams' worth per theme (5 + 5 of 15 each), one reading context in the first theme.
    const bank = await createBank(t.db, { weights: [50, 50], perTheme: 15, questionCount: 10 });
    const { client } = await student([bank.subject.id]);
    const exams: number[][] = [];
    for (let index = 0; index < 4; index++) {
      const attempt = await start(client, mockExam(bank.subject.id));
      exams.push(attempt.questions.map((question) => question.stem_id));
      await submit(client, attempt.id);
    }
    const firstThree = exams.slice(0, 3).flat();
    expect(new Set(firstThree).size).toBe(30);
    // The fourth draws from the first exam's questions, the least recently seen.
    expect(exams[3]!.every((id) => exams[0]!.includes(id))).toBe(true);
  });
});

describe('458: the CL + M1 average to apply, not a pass mark', () => {
  it('has no pass or fail, and gives the average once both tests have a grade', async () => {
    const options = {
      weights: [50, 50],
      perTheme: 5,
      questionCount: 10,
      approvalGrade: 458,
      approvalRule: 'application_average' as const,
    };
    const cl = await createBank(t.db, options);
    const m1 = await createBank(t.db, options);
    const noMark = await createBank(t.db, { ...options, approvalRule: 'none', approvalGrade: 0 });
    const { client } = await student([cl.subject.id, m1.subject.id, noMark.subject.id]);

    const list = (await client.get('/api/subjects')).json().data;
    const card = list
      .flatMap((test: { subjects: object[] }) => test.subjects)
      .find((subject: { id: number }) => subject.id === cl.subject.id);
    expect(card).toMatchObject({ approval_grade: 458, approval_rule: 'application_average' });

    const answerAll = async (bank: TestBank, right: number) => {
      const attempt = await start(client, mockExam(bank.subject.id));
      const key = new Map(bank.bank.map((stem) => [stem.id, stem]));
      await client.post(`/api/user-tests/${attempt.id}/stems`, {
        stems: attempt.questions.map((question, index) => ({
          stem_id: question.stem_id,
          stem_choice_ids: [
            index < right ? key.get(question.stem_id)!.keyId : key.get(question.stem_id)!.wrongId,
          ],
          is_marked: false,
          seq: 1,
        })),
      });
      return submit(client, attempt.id);
    };
    const first = await answerAll(cl, 6);
    expect(first).toMatchObject({
      score: 60,
      passed: null,
      approval_rule: 'application_average',
      approval_grade: 458,
      application_average: null,
    });
    const second = await answerAll(m1, 9);
    expect(second).toMatchObject({ score: 90, passed: null, application_average: 75 });
    const none = await answerAll(noMark, 10);
    expect(none).toMatchObject({ passed: null, approval_rule: 'none', application_average: null });

    const history = (await client.get(`/api/subjects/${cl.subject.id}/user-tests`)).json().data;
    expect(history[0].min_passed).toBeNull();
    const dashboard = (await client.get('/api/dashboard')).json().data;
    expect(
      dashboard.scores
        .filter((score: { subject_id: number }) =>
          [cl.subject.id, noMark.subject.id].includes(score.subject_id),
        )
        .map((score: { approval_rule: string }) => score.approval_rule),
    ).toEqual(['application_average', 'none']);
  });

  it('class B keeps its pass mark', async () => {
    const bank = await createBank(t.db, {
      standardTestId: 2,
      weights: [100],
      perTheme: 5,
      questionCount: 5,
      approvalGrade: 30,
    });
    const { client } = await student([bank.subject.id]);
    const attempt = await start(client, mockExam(bank.subject.id));
    const result = await submit(client, attempt.id);
    expect(result).toMatchObject({ approval_rule: 'pass_mark', passed: false, pilot_count: 0 });
  });
});
