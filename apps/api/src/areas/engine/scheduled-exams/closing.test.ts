import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ScheduledExamKey } from '@ensaya/core/contracts/scheduled-exam';
import { reviewCards, stems } from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, type TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createGateways } from '../../sales/payments/gateways.ts';
import { runJobsOnce } from '../../operations/jobs/run-jobs.ts';
import { inMinutes, MINUTE, moveStart, schedule, signedIn } from './test/helpers.ts';

// When a scheduled ensayo is over: by its clock, or early, once joining has closed and everyone
// who joined has sent. Until then a sent attempt keeps its answer key from its student (nothing a
// student who finished early could pass on to those still sitting it).

let t: TestApp;
let bank: TestBank;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 10, questionCount: 10 });
  await t.db.update(stems).set({ contextId: null }).where(eq(stems.subjectId, bank.subject.id));
  admin = (await signedIn(t, { admin: true })).client;
});
afterAll(() => t?.close());

type Question = {
  stem_id: number;
  choices: Array<{ id: number; is_correct?: boolean }>;
  correct_choice_ids?: number[];
  solution_html?: string;
  is_correct?: boolean | null;
};

/** A student of the subject who joined the ensayo (prepared at once from 2 minutes before). */
async function joined(examId: number) {
  const { user, client } = await signedIn(t, { subjectId: bank.subject.id });
  const join = await client.post(`/api/scheduled-exams/${examId}/join`);
  expect(join.statusCode, join.body).toBe(200);
  return { user, client };
}

/** Takes the key, answers the first half right and the rest wrong, and sends it unless told. */
async function sit(client: TestClient, examId: number, send = true) {
  const key = (await client.post(`/api/scheduled-exams/${examId}/key`)).json()
    .data as ScheduledExamKey;
  const attempt = (await client.get(`/api/user-tests/${key.user_test_id}`)).json().data;
  const questions = attempt.questions as Question[];
  const records = questions.map((question, index) => {
    const stem = bank.bank.find((s) => s.id === question.stem_id)!;
    return {
      stem_id: question.stem_id,
      stem_choice_ids: [index < questions.length / 2 ? stem.keyId : stem.wrongId],
      is_marked: false,
      seq: Date.now(),
    };
  });
  const saved = await client.post(`/api/user-tests/${key.user_test_id}/stems`, {
    stems: records,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (!send) return { attemptId: key.user_test_id, sent: null };
  const sent = await client.post(`/api/user-tests/${key.user_test_id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { attemptId: key.user_test_id, sent: sent.json().data };
}

const view = async (client: TestClient, examId: number) =>
  (await client.get(`/api/scheduled-exams/${examId}`)).json().data;

const runJobs = () =>
  runJobsOnce(t.db, { gateways: createGateways(t.config, 'unused'), appUrl: 'x' }, new Date());

/** An ensayo started a minute ago, joined by `count` students (join open 30 more minutes). */
async function started(count: number) {
  const exam = await schedule(admin, bank.subject.id);
  await moveStart(t.db, exam.id, inMinutes(-1));
  const students = [];
  for (let index = 0; index < count; index += 1) students.push(await joined(exam.id));
  return { exam, students };
}

/** Joining closed a minute ago (started 31 minutes ago; its clock runs 29 more minutes). */
const closeJoining = (examId: number) => moveStart(t.db, examId, inMinutes(-31));

describe('an ensayo over before its clock', () => {
  it('closes once joining has closed and everyone who joined has sent', async () => {
    const { exam, students } = await started(2);
    const [a, b] = students;
    await closeJoining(exam.id);
    await sit(a!.client, exam.id);
    expect((await a!.client.get(`/api/scheduled-exams/${exam.id}/results`)).statusCode).toBe(409);
    expect(await view(a!.client, exam.id)).toMatchObject({ state: 'live' });

    await sit(b!.client, exam.id);
    const over = await view(a!.client, exam.id);
    expect(over.state).toBe('closing');
    // `ends_at` stays the clock's end.
    expect(new Date(over.ends_at).getTime()).toBeGreaterThan(Date.now() + 25 * MINUTE);
    const list = (await a!.client.get('/api/scheduled-exams')).json().data;
    expect(list.find((item: { id: number }) => item.id === exam.id).state).toBe('closing');

    const results = await a!.client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json().data).toMatchObject({ participant_count: 2, correct: 5 });
    expect(await view(b!.client, exam.id)).toMatchObject({ state: 'closed' });
    const adminList = (await admin.get('/api/admin/scheduled-exams')).json().data;
    expect(adminList.find((item: { id: number }) => item.id === exam.id).state).toBe('closed');
  });

  it('is closed by the results job as soon as everyone has sent', async () => {
    const { exam, students } = await started(2);
    await closeJoining(exam.id);
    for (const student of students) await sit(student.client, exam.id);
    await runJobs();
    expect(await view(students[0]!.client, exam.id)).toMatchObject({ state: 'closed' });
  });

  it('stays open while a student still sits it, or has no attempt yet', async () => {
    const { exam, students } = await started(2);
    const [a, b] = students;
    await closeJoining(exam.id);
    await sit(a!.client, exam.id);
    await sit(b!.client, exam.id, false);
    const refused = await a!.client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The results come once every student’s time has ended. Come back in a few minutes.',
    );
    await runJobs();
    expect(await view(a!.client, exam.id)).toMatchObject({ state: 'live' });

    // Joined in the waiting room, never prepared (no key asked, no batch run): not sent either.
    const later = await schedule(admin, bank.subject.id);
    const c = await joined(later.id);
    const d = await joined(later.id);
    await closeJoining(later.id);
    await sit(c.client, later.id);
    expect(await view(c.client, later.id)).toMatchObject({ state: 'live', submitted: true });
    expect(await view(d.client, later.id)).toMatchObject({ joined: true, user_test_id: null });
    expect((await c.client.get(`/api/scheduled-exams/${later.id}/results`)).statusCode).toBe(409);
  });

  it('stays open while joining is still open, even when everyone has sent', async () => {
    const { exam, students } = await started(2);
    for (const student of students) await sit(student.client, exam.id);
    const refused = await students[0]!.client.get(`/api/scheduled-exams/${exam.id}/results`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The results come once every student’s time has ended. Come back in a few minutes.',
    );
    await runJobs();
    expect(await view(students[0]!.client, exam.id)).toMatchObject({ state: 'live' });
  });
});

/** Every field of a question or a choice that tells the key. */
function keyFieldsOf(questions: Question[]) {
  return questions.flatMap((question) => [
    ...(['correct_choice_ids', 'solution_html', 'is_correct'] as const).filter(
      (field) => question[field] !== undefined,
    ),
    ...question.choices.filter((choice) => choice.is_correct !== undefined).map(() => 'choice'),
  ]);
}

describe('the answer key of a sent attempt', () => {
  it('is withheld from its student until everyone has finished, then shown', async () => {
    const { exam, students } = await started(2);
    const [a, b] = students;
    const ends = (await view(a!.client, exam.id)).ends_at;
    const { attemptId, sent } = await sit(a!.client, exam.id);
    // The submit's answer: the score and the counts, and until when the key is withheld.
    expect(sent).toMatchObject({ correct: 5, incorrect: 5, key_withheld_until: ends });

    const attempt = (await a!.client.get(`/api/user-tests/${attemptId}`)).json().data;
    expect(attempt.status).toBe('submitted');
    expect(attempt.result).toMatchObject({ correct: 5, key_withheld_until: ends });
    expect(attempt.questions).toHaveLength(10);
    expect(keyFieldsOf(attempt.questions)).toEqual([]);
    // The content and the student's own answers are there.
    expect(attempt.questions[0].statement_html).toEqual(expect.any(String));
    expect(attempt.questions[0].chosen_choice_ids).toHaveLength(1);

    const result = (await a!.client.get(`/api/user-tests/${attemptId}/result`)).json().data;
    expect(result).toMatchObject({ score: sent.score, correct: 5, key_withheld_until: ends });
    const themes = await a!.client.get(`/api/user-tests/${attemptId}/themes`);
    expect(themes.statusCode).toBe(200);

    // Which answers were wrong is part of the key: out of the review queue, out of the own
    // wrong answers; and the form is not retaken (its review would show the key).
    const { user } = a!;
    expect(await t.db.select().from(reviewCards).where(eq(reviewCards.userId, user.id))).toEqual(
      [],
    );
    expect((await a!.client.get('/api/review/due')).json().data.total).toBe(0);
    const own = await a!.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
      study_mode: true,
    });
    expect(own.statusCode, own.body).toBe(422);
    const retake = await a!.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'historical',
      source_user_test_id: attemptId,
    });
    expect(retake.statusCode, retake.body).toBe(409);
    expect(retake.json().message).toBe(
      'You can retake this ensayo once everyone has finished it: its correct answers show then.',
    );

    // Joining closes; the other student sends: everyone has finished.
    await closeJoining(exam.id);
    await sit(b!.client, exam.id);
    const shown = (await a!.client.get(`/api/user-tests/${attemptId}`)).json().data;
    expect(shown.result.key_withheld_until).toBeNull();
    expect(shown.questions[0].correct_choice_ids).toHaveLength(1);
    expect(shown.questions[0].solution_html).toEqual(expect.any(String));
    expect(shown.questions.filter((q: Question) => q.is_correct === true)).toHaveLength(5);
    expect(
      (await a!.client.get(`/api/user-tests/${attemptId}/result`)).json().data.key_withheld_until,
    ).toBeNull();

    // The close (the job, or the first results read) puts the wrong answers in the queue.
    await runJobs();
    expect((await a!.client.get('/api/review/due')).json().data.total).toBe(5);
    const ownNow = await a!.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(ownNow.statusCode, ownNow.body).toBe(201);
    expect(ownNow.json().data.questions).toHaveLength(5);
  });

  it('is shown by the clock, whoever still sits it', async () => {
    const { exam, students } = await started(2);
    const [a, b] = students;
    const { attemptId } = await sit(a!.client, exam.id);
    await sit(b!.client, exam.id, false);
    const before = (await a!.client.get(`/api/user-tests/${attemptId}`)).json().data;
    expect(keyFieldsOf(before.questions)).toEqual([]);

    // Every clock (60 minutes) and the grace (2) have ended.
    await moveStart(t.db, exam.id, new Date(Date.now() - 62 * MINUTE - 1000));
    const after = (await a!.client.get(`/api/user-tests/${attemptId}`)).json().data;
    expect(after.result.key_withheld_until).toBeNull();
    expect(after.questions.every((q: Question) => q.correct_choice_ids?.length === 1)).toBe(true);
    const retake = await a!.client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'historical',
      source_user_test_id: attemptId,
    });
    expect(retake.statusCode, retake.body).toBe(201);
  });

  it('is never withheld from an ordinary attempt', async () => {
    const { client } = await signedIn(t, { subjectId: bank.subject.id });
    const started = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 2 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().data.id;
    const sent = (await client.post(`/api/user-tests/${id}/submit`)).json().data;
    expect(sent.key_withheld_until).toBeNull();
    const attempt = (await client.get(`/api/user-tests/${id}`)).json().data;
    expect(attempt.questions[0].correct_choice_ids).toHaveLength(1);
  });
});
