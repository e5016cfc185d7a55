import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import type { AttemptComparison } from '@ensaya/core/contracts/statistics';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// A mock exam's result says where the student stands among every student and how
// each theme went against the average student. The subject is this file's own.

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 6, questionCount: 8 });
});
afterAll(async () => {
  await t.close();
});

async function student(): Promise<TestClient> {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return client;
}

/** A mock exam with its first `right` questions right and the rest wrong, sent. */
async function mockExam(
  client: TestClient,
  right: number,
  send = true,
): Promise<AttemptResult & { id: number }> {
  const started = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'mock_exam',
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  expect((await client.post(`/api/user-tests/${attempt.id}/begin`)).statusCode).toBe(200);
  const stems = attempt.questions.map((question, index) => {
    const stem = bank.bank.find((candidate) => candidate.id === question.stem_id)!;
    return {
      stem_id: stem.id,
      stem_choice_ids: [index < right ? stem.keyId : stem.wrongId],
      is_marked: false,
      seq: 1,
    };
  });
  expect((await client.post(`/api/user-tests/${attempt.id}/stems`, { stems })).statusCode).toBe(
    200,
  );
  if (!send) return { id: attempt.id } as AttemptResult & { id: number };
  const sent = await client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { ...(sent.json().data as AttemptResult), id: attempt.id };
}

const comparison = async (client: TestClient, id: number) => {
  const response = await client.get(`/api/user-tests/${id}/comparison`);
  return { status: response.statusCode, data: response.json().data as AttemptComparison };
};

describe('a sent attempt against every student', () => {
  it('gives no percentile under five students, then places the best above and the worst below', async () => {
    const clients = await Promise.all([1, 3, 4, 5, 7].map(() => student()));
    const results: Array<AttemptResult & { id: number }> = [];
    for (const [index, right] of [1, 3, 4, 5, 7].entries()) {
      results.push(await mockExam(clients[index]!, right));
      const { status, data } = await comparison(clients[index]!, results.at(-1)!.id);
      expect(status).toBe(200);
      expect(data.students).toBe(index + 1);
      if (index < 4) expect(data.percentile).toBeNull();
    }
    const best = await comparison(clients[4]!, results[4]!.id);
    const worst = await comparison(clients[0]!, results[0]!.id);
    expect(best.data.percentile).toBeGreaterThan(75);
    expect(worst.data.percentile).toBeLessThan(25);

    // Each theme's average is the mean of the five students' % correct in it.
    for (const theme of best.data.themes) {
      const shares = results.map((result) => {
        const own = result.themes.find((candidate) => candidate.theme_id === theme.theme_id)!;
        return (own.correct * 100) / (own.correct + own.incorrect + own.unanswered);
      });
      const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
      expect(theme.average_percentage).toBeCloseTo(mean, 1);
    }
    expect(best.data.themes.map((theme) => theme.theme_id).sort()).toEqual(
      bank.themes.map((theme) => theme.id).sort(),
    );
  });

  it('is the student’s own: another student’s attempt is a 404, a running one a 409, no session a 401', async () => {
    const ana = await student();
    const ben = await student();
    const sent = await mockExam(ana, 4);
    expect((await comparison(ben, sent.id)).status).toBe(404);
    const running = await mockExam(ben, 2, false);
    expect((await comparison(ben, running.id)).status).toBe(409);
    const anonymous = new TestClient(t.app, { language: 'en' });
    expect((await anonymous.get(`/api/user-tests/${sent.id}/comparison`)).statusCode).toBe(401);
  });
});
