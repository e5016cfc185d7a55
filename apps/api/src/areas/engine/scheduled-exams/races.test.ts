import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { scheduledExamParticipants, userTests, userTestStems } from '../../../db/schema/index.ts';
import { createBank, type TestBank } from '../../../test/bank-factory.ts';
import { buildTestApp, type TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { prepareScheduledAttempts } from './prepare.ts';
import { inMinutes, moveStart, schedule, signedIn } from './test/helpers.ts';

// Joins, keys and the batch preparation at once (the start of an ensayo nacional): one participant
// row and one attempt per student, whatever wins. Meant for PostgreSQL (TEST_DATABASE_URL), where
// the requests really run side by side; on PGlite they queue and must agree all the same.

let t: TestApp;
let bank: TestBank;
let admin: TestClient;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 10, questionCount: 10 });
  admin = (await signedIn(t, { admin: true })).client;
});
afterAll(() => t?.close());

async function rowsOf(examId: number, userId: number) {
  const participants = await t.db
    .select()
    .from(scheduledExamParticipants)
    .where(
      and(
        eq(scheduledExamParticipants.scheduledExamId, examId),
        eq(scheduledExamParticipants.userId, userId),
      ),
    );
  const attempts = await t.db
    .select()
    .from(userTests)
    .where(and(eq(userTests.scheduledExamId, examId), eq(userTests.userId, userId)));
  return { participants, attempts };
}

describe('many requests at once', () => {
  it('gives one participant row and one attempt for 6 joins and 6 keys at once', async () => {
    const exam = await schedule(admin, bank.subject.id);
    await moveStart(t.db, exam.id, inMinutes(-1));
    const { client, user } = await signedIn(t, { subjectId: bank.subject.id });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        client.post(`/api/scheduled-exams/${exam.id}/${index % 2 === 0 ? 'join' : 'key'}`),
      ),
    );
    const joins = responses.filter((_, index) => index % 2 === 0);
    const keys = responses.filter((_, index) => index % 2 === 1);
    expect(joins.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // A key asked before its join landed is refused (403); the others name the one attempt.
    for (const key of keys) expect([200, 403], key.body).toContain(key.statusCode);
    const { participants, attempts } = await rowsOf(exam.id, user.id);
    expect(participants).toHaveLength(1);
    expect(attempts).toHaveLength(1);
    expect(participants[0]!.userTestId).toBe(attempts[0]!.id);
    const named = new Set([
      ...keys.filter((key) => key.statusCode === 200).map((key) => key.json().data.user_test_id),
      ...joins.map((join) => join.json().data.user_test_id),
    ]);
    expect([...named]).toEqual([attempts[0]!.id]);
    const again = await client.post(`/api/scheduled-exams/${exam.id}/key`);
    expect(again.json().data.user_test_id).toBe(attempts[0]!.id);
    const questions = await t.db
      .select()
      .from(userTestStems)
      .where(eq(userTestStems.userTestId, attempts[0]!.id));
    expect(questions).toHaveLength(10);
  });

  it('agrees when batches on two instances and the students’ keys race at the start', async () => {
    const exam = await schedule(admin, bank.subject.id);
    const students = await Promise.all(
      Array.from({ length: 6 }, () => signedIn(t, { subjectId: bank.subject.id })),
    );
    for (const { client } of students) {
      expect((await client.post(`/api/scheduled-exams/${exam.id}/join`)).statusCode).toBe(200);
    }
    await moveStart(t.db, exam.id, inMinutes(-0.1));
    const [, , ...keys] = await Promise.all([
      prepareScheduledAttempts(t.db, new Date(), 2),
      prepareScheduledAttempts(t.db, new Date(), 2),
      ...students.map(({ client }) => client.post(`/api/scheduled-exams/${exam.id}/key`)),
    ]);
    for (const [index, { user }] of students.entries()) {
      const key = keys[index] as Awaited<ReturnType<TestClient['post']>>;
      expect(key.statusCode, key.body).toBe(200);
      const { participants, attempts } = await rowsOf(exam.id, user.id);
      expect(participants).toHaveLength(1);
      expect(attempts).toHaveLength(1);
      expect(key.json().data.user_test_id).toBe(attempts[0]!.id);
      expect(participants[0]!.userTestId).toBe(attempts[0]!.id);
    }
  });
});
