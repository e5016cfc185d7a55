import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ScheduledExamKey } from '@ensaya/core/contracts/scheduled-exam';
import { gradeTables, stems } from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, type TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createGateways } from '../../sales/payments/gateways.ts';
import { runJobsOnce } from '../../operations/jobs/run-jobs.ts';
import { inMinutes, MINUTE, moveStart, schedule, signedIn } from './test/helpers.ts';

// The cohort's figures of a scheduled ensayo, on a cohort small enough to count by hand.

let t: TestApp;
let bank: TestBank;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 10, questionCount: 10 });
  // No reading units: the form is exactly 6 questions of the first theme and 4 of the second.
  await t.db.update(stems).set({ contextId: null }).where(eq(stems.subjectId, bank.subject.id));
  // A PAES-like scale: 100 points plus 50 per correct answer.
  for (let correct = 0; correct <= 24; correct += 1) {
    await t.db
      .update(gradeTables)
      .set({ grade: 100 + correct * 50 })
      .where(
        and(
          eq(gradeTables.subjectId, bank.subject.id),
          eq(gradeTables.goodAnswersQuantity, correct),
        ),
      );
  }
  admin = (await signedIn(t, { admin: true })).client;
});
afterAll(() => t?.close());

type Question = { stem_id: number; theme_id: number; choices: Array<{ id: number }> };

/** Joins the started ensayo, answers as `answer` says per question, and sends it unless told. */
async function sit(
  examId: number,
  answer: (question: Question, indexInTheme: number) => 'right' | 'wrong' | 'blank',
  send = true,
) {
  const { client } = await signedIn(t, { subjectId: bank.subject.id });
  expect((await client.post(`/api/scheduled-exams/${examId}/join`)).statusCode).toBe(200);
  const key = (await client.post(`/api/scheduled-exams/${examId}/key`)).json()
    .data as ScheduledExamKey;
  const attempt = (await client.get(`/api/user-tests/${key.user_test_id}`)).json().data;
  const seen = new Map<number, number>();
  const records = (attempt.questions as Question[]).flatMap((question) => {
    const index = seen.get(question.theme_id) ?? 0;
    seen.set(question.theme_id, index + 1);
    const choice = answer(question, index);
    if (choice === 'blank') return [];
    const stem = bank.bank.find((s) => s.id === question.stem_id)!;
    return [
      {
        stem_id: question.stem_id,
        stem_choice_ids: [choice === 'right' ? stem.keyId : stem.wrongId],
        is_marked: false,
        seq: Date.now(),
      },
    ];
  });
  if (records.length > 0) {
    const saved = await client.post(`/api/user-tests/${key.user_test_id}/stems`, {
      stems: records,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  if (send) {
    const sent = await client.post(`/api/user-tests/${key.user_test_id}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return { client, attemptId: key.user_test_id };
}

describe('the results of a scheduled ensayo', () => {
  it('places each student in the cohort: percentile, buckets, themes', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const [first, second] = bank.themes.map((theme) => theme.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    // A: the 6 of the first theme and 2 of the 4 of the second right (8: 500 points).
    const a = await sit(exam.id, (q, i) =>
      q.theme_id === first ? 'right' : i < 2 ? 'right' : 'wrong',
    );
    // B: 4 of the first theme right, 2 wrong, the second blank (4: 300).
    const b = await sit(exam.id, (q, i) =>
      q.theme_id === first ? (i < 4 ? 'right' : 'wrong') : 'blank',
    );
    // C: the 4 of the second theme right, the first blank (4: 300).
    await sit(exam.id, (q) => (q.theme_id === second ? 'right' : 'blank'));
    // D: answers nothing and never sends it (the server sends it: 0 right, 100).
    const d = await sit(exam.id, () => 'blank', false);

    b.client.language = 'es';
    const early = await b.client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'Los resultados llegan cuando termina el tiempo de todos los estudiantes. Vuelve en unos minutos.',
    );
    b.client.language = 'en';

    // Every clock (60 minutes) and the grace (2) have ended.
    await moveStart(t.db, exam.id, new Date(Date.now() - 62 * MINUTE - 1000));
    const response = await a.client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json().data;
    expect(results).toMatchObject({
      scheduled_exam_id: exam.id,
      participant_count: 4,
      user_test_id: a.attemptId,
      score: 500,
      correct: 8,
      question_count: 10,
      // Below: 3 of 4; the same: only A.
      percentile: 87.5,
      cohort_average: 300,
    });
    const counted = results.distribution.filter((bucket: { count: number }) => bucket.count > 0);
    expect(counted).toEqual([
      { from: 100, to: 150, count: 1 },
      { from: 300, to: 350, count: 2 },
      { from: 500, to: 550, count: 1 },
    ]);
    expect(results.distribution).toHaveLength(18);
    expect(results.themes).toEqual([
      // First theme: 6 + 4 + 0 + 0 right of 4 × 6.
      { theme_id: first, name: 'Eje 1', question_count: 6, own_percent: 100, cohort_percent: 41.7 },
      // Second theme: 2 + 0 + 4 + 0 right of 4 × 4.
      { theme_id: second, name: 'Eje 2', question_count: 4, own_percent: 50, cohort_percent: 37.5 },
    ]);

    const bResults = (await b.client.get(`/api/scheduled-exams/${exam.id}/results`)).json().data;
    // Below: D; the same: B and C.
    expect(bResults).toMatchObject({ score: 300, percentile: 50 });
    expect(bResults.themes.map((theme: { own_percent: number }) => theme.own_percent)).toEqual([
      66.7, 0,
    ]);
    const dResults = (await d.client.get(`/api/scheduled-exams/${exam.id}/results`)).json().data;
    expect(dResults).toMatchObject({ score: 100, percentile: 12.5, user_test_id: d.attemptId });

    const view = (await a.client.get(`/api/scheduled-exams/${exam.id}`)).json().data;
    expect(view).toMatchObject({ state: 'closed', submitted: true });
  });

  it('refuses the results to a student who did not join, and closes through the job', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    const sat = await sit(exam.id, () => 'right');
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    await moveStart(t.db, exam.id, new Date(Date.now() - 63 * MINUTE));
    const outsider = await client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(outsider.statusCode).toBe(403);
    expect((await client.get(`/api/scheduled-exams/${exam.id}`)).json().data.state).toBe('closing');
    await runJobsOnce(
      t.db,
      { gateways: createGateways(t.config, 'unused'), appUrl: 'x' },
      new Date(),
    );
    expect((await client.get(`/api/scheduled-exams/${exam.id}`)).json().data.state).toBe('closed');
    const own = (await sat.client.get(`/api/scheduled-exams/${exam.id}/results`)).json().data;
    expect(own).toMatchObject({ participant_count: 1, score: 600, percentile: 50 });
  });
});
