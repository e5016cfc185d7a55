import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt } from '@ensaya/core/contracts/engine';
import type { ScoreEstimate } from '@ensaya/core/contracts/score-estimate';
import {
  averageEstimate,
  estimateSubject,
  posterior,
  priorFor,
  scoreGrid,
} from '@ensaya/core/statistics/score-estimate';
import { eq } from 'drizzle-orm';
import { gradeTables } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// GET /api/score-estimate against core's model fed by hand with the answers sent: a student with
// nothing yet, one mock exam of Competencia Lectora, practice on top, then a mock exam of M1 for
// the application average; and the query's checks (another user, unknown subject, bad id).

let t: TestApp;
let cl: TestBank;
let m1: TestBank;
let classB: TestBank;

// A mock exam has 20 scored items; the PAES banks' grade tables are set to 100 + 45 x correct.
const ITEMS = 20;
const table = Array.from({ length: ITEMS + 1 }, (_, raw) => ({
  goodAnswersQuantity: raw,
  grade: 100 + 45 * raw,
}));

beforeAll(async () => {
  // A database of its own: the estimate reads every active PAES subject, and on the shared
  // PostgreSQL database of a run other files (diagnostics, exam forms) add theirs at any moment.
  t = await buildTestApp({}, { ownDatabase: true });
  const paes = {
    weights: [60, 40],
    perTheme: 30,
    questionCount: ITEMS,
    approvalGrade: 458,
    approvalRule: 'application_average' as const,
  };
  cl = await createBank(t.db, paes);
  m1 = await createBank(t.db, paes);
  classB = await createBank(t.db, { standardTestId: 2, questionCount: 10 });
  for (const bank of [cl, m1]) {
    await t.db.delete(gradeTables).where(eq(gradeTables.subjectId, bank.subject.id));
    await t.db
      .insert(gradeTables)
      .values(table.map((row) => ({ subjectId: bank.subject.id, ...row })));
  }
});
afterAll(async () => {
  await t.close();
});

type Student = { id: number; client: TestClient };

async function student(): Promise<Student> {
  const user = await createStudent(t.db);
  for (const bank of [cl, m1, classB]) await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { id: user.id, client };
}

/** Starts a test, answers the first `right` questions right and the rest wrong, and sends it. */
async function take(who: Student, bank: TestBank, mode: 'mock_exam' | 'practice', right: number) {
  const body =
    mode === 'mock_exam'
      ? { subject_id: bank.subject.id, mode }
      : {
          subject_id: bank.subject.id,
          mode,
          selection: { value: 2, limit: 10 },
          random_question: true,
        };
  const started = await who.client.post('/api/user-tests', body);
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  // A timed attempt takes answers once the instructions are continued.
  await who.client.post(`/api/user-tests/${attempt.id}/begin`);
  const stems = attempt.questions.map((question, index) => {
    const stem = bank.bank.find((candidate) => candidate.id === question.stem_id)!;
    return {
      stem_id: question.stem_id,
      stem_choice_ids: [index < right ? stem.keyId : stem.wrongId],
      is_marked: false,
      seq: 1,
    };
  });
  const saved = await who.client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
  expect(saved.statusCode, saved.body).toBe(200);
  const sent = await who.client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return attempt.questions.length;
}

async function estimate(who: Student, query = ''): Promise<ScoreEstimate> {
  const response = await who.client.get(`/api/score-estimate${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const rounded = (interval: { low: number; mid: number; high: number }) => ({
  low: Math.round(interval.low),
  mid: Math.round(interval.mid),
  high: Math.round(interval.high),
});

describe('GET /api/score-estimate', () => {
  let who: Student;
  beforeAll(async () => {
    who = await student();
  });

  it('before any attempt: no test listed, and the average says what is missing', async () => {
    const data = await estimate(who);
    expect(data.interval_percent).toBe(80);
    expect(data.subjects).toEqual([]);
    expect(data.application).toEqual({
      threshold: 458,
      status: 'insufficient',
      subject_ids: [cl.subject.id, m1.subject.id],
      missing: [cl.subject.name, m1.subject.name],
      average: null,
      probability: null,
    });
  });

  it('practice but no mock exam: both tests of the average listed, no estimate, what is needed', async () => {
    const practising = await student();
    await take(practising, cl, 'practice', 3);
    const data = await estimate(practising);
    expect(data.subjects.map((subject) => subject.subject_id)).toEqual([
      cl.subject.id,
      m1.subject.id,
    ]);
    for (const subject of data.subjects) {
      expect(subject).toMatchObject({
        status: 'insufficient',
        mock_exams_needed: 1,
        score: null,
        accuracy: null,
        theme_gains: [],
        in_application_average: true,
        scored_items: ITEMS,
      });
    }
    expect(data.application).toMatchObject({ status: 'insufficient', average: null });
  });

  it('one mock exam: the model of core on the answers sent', async () => {
    await take(who, cl, 'mock_exam', 8);
    const data = await estimate(who);
    const subject = data.subjects.find((entry) => entry.subject_id === cl.subject.id)!;
    const expected = estimateSubject({
      official: { questions: ITEMS, correct: 8 },
      practice: { questions: 0, correct: 0 },
      mockExams: 1,
      scoredItems: ITEMS,
      gradeTable: table,
    })!;
    expect(subject.status).toBe('ready');
    expect(subject.mock_exams).toBe(1);
    expect(subject.official_questions).toBe(ITEMS);
    expect(subject.score).toEqual(rounded(expected.score));
    expect(subject.score!.low).toBeLessThan(subject.score!.high);
    expect(subject.min_score).toBe(100);
    expect(subject.max_score).toBe(1000);
    // The themes that raise the score most, best first, at most 3.
    expect(subject.theme_gains.length).toBeGreaterThan(0);
    expect(subject.theme_gains.length).toBeLessThanOrEqual(3);
    const points = subject.theme_gains.map((gain) => gain.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    const themeNames = ['Eje 1', 'Eje 2'];
    for (const gain of subject.theme_gains) {
      expect(themeNames).toContain(gain.name);
      expect(gain.points).toBeGreaterThan(0);
      expect(gain.target_accuracy).toBeGreaterThan(gain.accuracy);
    }
    expect(data.application!.status).toBe('insufficient');
    expect(data.application!.missing).toEqual([m1.subject.name]);
  });

  it('practice counts at half weight and narrows the interval', async () => {
    const before = (await estimate(who, `?subject_id=${cl.subject.id}`)).subjects[0]!;
    const practice = await take(who, cl, 'practice', 4);
    const data = await estimate(who, `?subject_id=${cl.subject.id}`);
    expect(data.subjects).toHaveLength(1);
    const subject = data.subjects[0]!;
    expect(subject.practice_questions).toBe(practice);
    expect(subject.effective_answers).toBe(ITEMS + practice / 2);
    const expected = estimateSubject({
      official: { questions: ITEMS, correct: 8 },
      practice: { questions: practice, correct: 4 },
      mockExams: 1,
      scoredItems: ITEMS,
      gradeTable: table,
    })!;
    expect(subject.score).toEqual(rounded(expected.score));
    expect(subject.score!.high - subject.score!.low).toBeLessThan(
      before.score!.high - before.score!.low,
    );
  });

  it('both tests of the average: its interval and the probability of reaching 458', async () => {
    await take(who, m1, 'mock_exam', 9);
    const data = await estimate(who);
    const practice = data.subjects.find((entry) => entry.subject_id === cl.subject.id)!;
    const clPosterior = posterior(
      priorFor(),
      { questions: ITEMS, correct: 8 },
      { questions: practice.practice_questions, correct: 4 },
    );
    const m1Posterior = posterior(
      priorFor(),
      { questions: ITEMS, correct: 9 },
      { questions: 0, correct: 0 },
    );
    const expected = averageEstimate(
      scoreGrid(clPosterior, ITEMS, table),
      scoreGrid(m1Posterior, ITEMS, table),
      458,
    );
    expect(data.application).toEqual({
      threshold: 458,
      status: 'ready',
      subject_ids: [cl.subject.id, m1.subject.id],
      missing: [],
      average: rounded(expected.average),
      probability: Math.round(expected.probability * 100) / 100,
    });
    expect(data.application!.probability).toBeGreaterThan(0);
    expect(data.application!.probability).toBeLessThan(1);
  });

  it('a test outside the PAES has no estimate; the query is checked', async () => {
    expect((await estimate(who, `?subject_id=${classB.subject.id}`)).subjects).toEqual([]);
    expect((await who.client.get('/api/score-estimate?subject_id=999999')).statusCode).toBe(404);
    expect((await who.client.get('/api/score-estimate?subject_id=abc')).statusCode).toBe(422);
    expect((await who.client.get(`/api/score-estimate?user_id=${who.id + 1}`)).statusCode).toBe(
      404,
    );
    expect((await estimate(who, `?user_id=${who.id}`)).subjects.length).toBe(2);
    const stranger = new TestClient(t.app, { language: 'en' });
    expect((await stranger.get('/api/score-estimate')).statusCode).toBe(401);
  });

  it("another student's answers do not enter the estimate", async () => {
    const other = await student();
    const data = await estimate(other);
    expect(data.subjects.every((subject) => subject.status === 'insufficient')).toBe(true);
  });
});
