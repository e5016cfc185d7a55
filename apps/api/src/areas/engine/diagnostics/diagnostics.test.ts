import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import type { DiagnosticSubject } from '@ensaya/core/contracts/diagnostic';
import type { SubjectEstimate } from '@ensaya/core/contracts/score-estimate';
import {
  DIAGNOSTIC_MINUTES,
  DIAGNOSTIC_QUESTION_COUNT,
  selectDiagnostic,
} from '@ensaya/core/engine/diagnostic';
import { diagnosticSkips, gradeTables, reviewCards, userTests } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// The first diagnostic. Its offer and skip (`/api/diagnostics`), its start as an
// engine attempt of mode `diagnostic` (drawn over the themes, reading units whole, timed), once per
// student and subject in the database (also under concurrent starts: on PostgreSQL with
// TEST_DATABASE_URL), access like every start, and its result feeding the score estimate and the
// review queue.

let t: TestApp;
let paes: TestBank;
let other: TestBank;

const ITEMS = 20;

beforeAll(async () => {
  t = await buildTestApp();
  paes = await createBank(t.db, {
    weights: [50, 30, 20],
    perTheme: 12,
    questionCount: ITEMS,
    approvalGrade: 458,
    approvalRule: 'application_average',
  });
  other = await createBank(t.db);
  await t.db.delete(gradeTables).where(eq(gradeTables.subjectId, paes.subject.id));
  await t.db.insert(gradeTables).values(
    Array.from({ length: ITEMS + 1 }, (_, raw) => ({
      subjectId: paes.subject.id,
      goodAnswersQuantity: raw,
      grade: 100 + 45 * raw,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

async function student(banks: TestBank[] = [paes]) {
  const user = await createStudent(t.db);
  for (const bank of banks) await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { id: user.id, client };
}

async function diagnostics(client: TestClient): Promise<DiagnosticSubject[]> {
  const response = await client.get('/api/diagnostics');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const start = (client: TestClient, bank: TestBank = paes) =>
  client.post('/api/user-tests', { subject_id: bank.subject.id, mode: 'diagnostic' });

describe('selectDiagnostic', () => {
  it('draws 15 questions over every theme, whole reading units, easy to hard', () => {
    const chosen = selectDiagnostic(
      paes.bank.map((stem, index) => ({
        id: stem.id,
        themeId: stem.themeId,
        // The factory's reading text: every third question of the first theme.
        contextId: index < 12 && index % 3 === 0 ? paes.context.id : null,
        stemNumber: index + 1,
        difficulty: ((index % 3) + 1) as 1 | 2 | 3,
      })),
      paes.themes.map((theme) => theme.id),
      () => 0.42,
    );
    expect(chosen).toHaveLength(DIAGNOSTIC_QUESTION_COUNT);
    const perTheme = paes.themes.map(
      (theme) => chosen.filter((stem) => stem.themeId === theme.id).length,
    );
    // Evenly: 5 each, give or take a reading unit.
    for (const count of perTheme) expect(count).toBeGreaterThanOrEqual(3);
    const inContext = chosen.filter((stem) => stem.contextId === paes.context.id).length;
    expect([0, 4]).toContain(inContext);
    expect(new Set(chosen.map((stem) => stem.difficulty)).size).toBe(3);
  });
});

describe('the first diagnostic', () => {
  it('is offered per subject with access, timed, drawn over the themes, named as a diagnostic', async () => {
    const who = await student();
    expect(await diagnostics(who.client)).toEqual([
      {
        subject_id: paes.subject.id,
        subject_name: paes.subject.name,
        standard_test_id: 1,
        status: 'offered',
        user_test_id: null,
        has_history: false,
        question_count: DIAGNOSTIC_QUESTION_COUNT,
        minutes: DIAGNOSTIC_MINUTES,
      },
    ]);
    const started = await start(who.client);
    expect(started.statusCode, started.body).toBe(201);
    const attempt: Attempt = started.json().data;
    expect(attempt.mode).toBe('diagnostic');
    expect(attempt.type).toBe('custom');
    expect(attempt.seconds).toBe(DIAGNOSTIC_MINUTES * 60);
    expect(attempt.study_mode).toBe(false);
    expect(attempt.questions.length).toBeGreaterThanOrEqual(13);
    expect(attempt.questions.length).toBeLessThanOrEqual(DIAGNOSTIC_QUESTION_COUNT);
    const themesCovered = new Set(attempt.questions.map((question) => question.theme_id));
    expect(themesCovered.size).toBe(paes.themes.length);
    const [listed] = await diagnostics(who.client);
    expect(listed).toMatchObject({ status: 'in_progress', user_test_id: attempt.id });
    const inProgress = await who.client.get('/api/user-tests/in-progress');
    expect(inProgress.json().data[0]).toMatchObject({ id: attempt.id, mode: 'diagnostic' });
  });

  it('is taken once: a second start is refused, before and after it is sent', async () => {
    const who = await student();
    const first = await start(who.client);
    expect(first.statusCode).toBe(201);
    const again = await start(who.client);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already took the diagnostic/);
    await who.client.post(`/api/user-tests/${first.json().data.id}/submit`);
    const afterSubmit = await start(who.client);
    expect(afterSubmit.statusCode).toBe(409);
    expect(afterSubmit.json().message).toMatch(/already took the diagnostic/);
    // Other tests of the subject still start.
    const practice = await who.client.post('/api/user-tests', {
      subject_id: paes.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
    expect(practice.statusCode, practice.body).toBe(201);
  });

  it('once also when several starts race: the database keeps one', async () => {
    const who = await student();
    const responses = await Promise.all(Array.from({ length: 6 }, () => start(who.client)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode, response.body).toBe(409);
    }
    const rows = await t.db
      .select({ id: userTests.id })
      .from(userTests)
      .where(and(eq(userTests.userId, who.id), eq(userTests.mode, 'diagnostic')));
    expect(rows).toHaveLength(1);
  });

  it('"not now" is remembered, twice changes nothing, and it can still be taken once', async () => {
    const who = await student([paes, other]);
    const skipped = await who.client.post(`/api/subjects/${paes.subject.id}/diagnostic/skip`);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().data).toMatchObject({ subject_id: paes.subject.id, status: 'skipped' });
    const again = await who.client.post(`/api/subjects/${paes.subject.id}/diagnostic/skip`);
    expect(again.statusCode).toBe(200);
    const skips = await t.db
      .select()
      .from(diagnosticSkips)
      .where(eq(diagnosticSkips.userId, who.id));
    expect(skips).toHaveLength(1);
    const listed = await diagnostics(who.client);
    expect(listed.map((row) => [row.subject_id, row.status])).toEqual([
      [paes.subject.id, 'skipped'],
      [other.subject.id, 'offered'],
    ]);
    const started = await start(who.client);
    expect(started.statusCode).toBe(201);
    expect((await diagnostics(who.client))[0]).toMatchObject({ status: 'in_progress' });
    expect((await start(who.client)).statusCode).toBe(409);
  });

  it('without access: not offered, no start (403), no skip (403); unknown subject 404', async () => {
    const who = await student([other]);
    expect((await diagnostics(who.client)).map((row) => row.subject_id)).toEqual([
      other.subject.id,
    ]);
    const started = await start(who.client, paes);
    expect(started.statusCode).toBe(403);
    const skipped = await who.client.post(`/api/subjects/${paes.subject.id}/diagnostic/skip`);
    expect(skipped.statusCode).toBe(403);
    const unknown = await who.client.post('/api/subjects/999999/diagnostic/skip');
    expect(unknown.statusCode).toBe(404);
    const skips = await t.db
      .select()
      .from(diagnosticSkips)
      .where(eq(diagnosticSkips.userId, who.id));
    expect(skips).toEqual([]);
    const anonymous = await new TestClient(t.app).get('/api/diagnostics');
    expect(anonymous.statusCode).toBe(401);
  });

  it('its result seeds the score estimate (a wide first range) and its wrong answers the review queue', async () => {
    const who = await student();
    const started = await start(who.client);
    const attempt: Attempt = started.json().data;
    await who.client.post(`/api/user-tests/${attempt.id}/begin`);
    const right = 9;
    const stems = attempt.questions.map((question, index) => {
      const stem = paes.bank.find((candidate) => candidate.id === question.stem_id)!;
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
    const result: AttemptResult = sent.json().data;
    expect(result).toMatchObject({ mode: 'diagnostic', correct: right });
    const total = attempt.questions.length;

    const estimate = await who.client.get(`/api/score-estimate?subject_id=${paes.subject.id}`);
    expect(estimate.statusCode, estimate.body).toBe(200);
    const subject: SubjectEstimate = estimate.json().data.subjects[0];
    expect(subject).toMatchObject({
      status: 'ready',
      mock_exams: 0,
      diagnostic_questions: total,
      official_questions: total,
      practice_questions: 0,
    });
    // 15 answers: the 80 % range of accuracy spans more than 20 points.
    expect(subject.accuracy!.high - subject.accuracy!.low).toBeGreaterThan(20);
    expect(subject.score!.low).toBeLessThan(subject.score!.high);

    const cards = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, who.id));
    expect(cards.map((card) => card.stemId).sort()).toEqual(
      attempt.questions
        .slice(right)
        .map((question) => question.stem_id)
        .sort(),
    );
    const due = await who.client.get('/api/review/due');
    expect(due.json().data.subjects[0]).toMatchObject({ subject_id: paes.subject.id });

    const history = await who.client.get(`/api/subjects/${paes.subject.id}/user-tests`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0]).toMatchObject({ id: attempt.id, mode: 'diagnostic' });
    expect((await diagnostics(who.client))[0]).toMatchObject({
      status: 'submitted',
      user_test_id: attempt.id,
    });
  });
});
