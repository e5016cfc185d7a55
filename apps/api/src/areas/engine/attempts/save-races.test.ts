import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { userTests, userTestStems } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { saveAnswers } from './answers.ts';
import { submitAttempt } from './submit.ts';

// Saves race a submit: the one-statement save must never lose an acknowledged answer (every save
// answered 200 is in the scored result) nor write after the submit (every later save is a 409 and
// leaves its question unanswered). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL,
// where the pool's connections make the race real.

const ITERATIONS = 20;

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 10, questionCount: 20 });
});
afterAll(async () => {
  await t.close();
});

async function freshAttempt(client: TestClient): Promise<Attempt> {
  const response = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 1 },
    replace_in_progress: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Yields to the event loop a random number of times, so requests interleave differently each run. */
async function jitter(max: number) {
  const turns = Math.floor(Math.random() * max);
  for (let i = 0; i < turns; i++) await nextTurn();
}

describe('saves racing a submit', () => {
  it('counts every acknowledged save in the result and refuses every later one', async () => {
    const keyOf = (stemId: number) => bank.bank.find((stem) => stem.id === stemId)!.keyId;
    let acknowledgedTotal = 0;
    let refusedTotal = 0;
    let client: TestClient | undefined;
    let userId = 0;
    for (let iteration = 0; iteration < ITERATIONS; iteration++) {
      if (iteration % 10 === 0) {
        // A new student now and then keeps the per-address limit on starts out of the way.
        const user = await createStudent(t.db);
        await grantAccess(t.db, user.id, bank.subject.id);
        client = new TestClient(t.app, { language: 'en' });
        await client.login(user.email, TEST_PASSWORD);
        userId = user.id;
      }
      const attempt = await freshAttempt(client!);
      const stemIds = attempt.questions.map((question) => question.stem_id);
      const submitAfter = Math.floor(Math.random() * stemIds.length);

      const saves = stemIds.map(async (stemId, index) => {
        await jitter(index + 3);
        try {
          // Half the saves carry two records (the question and an older, stale copy of it).
          const record = { stem_id: stemId, stem_choice_ids: [keyOf(stemId)], is_marked: false };
          const records =
            index % 2 === 0
              ? [{ ...record, seq: 1 }]
              : [
                  { ...record, seq: 1 },
                  { ...record, stem_choice_ids: [], seq: 0 },
                ];
          const result = await saveAnswers(t.db, userId, attempt.id, records, new Date());
          expect(result.saved).toEqual([{ stem_id: stemId, seq: 1, applied: true }]);
          return { stemId, acknowledged: true };
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).statusCode).toBe(409);
          expect((error as AppError).messageKey).toBe('engine.submitted');
          return { stemId, acknowledged: false };
        }
      });
      const submit = (async () => {
        await jitter(submitAfter + 3);
        return submitAttempt(t.db, userId, attempt.id, new Date());
      })();
      const outcomes = await Promise.all(saves);
      const result = await submit;

      const acknowledged = outcomes.filter((o) => o.acknowledged).map((o) => o.stemId);
      acknowledgedTotal += acknowledged.length;
      refusedTotal += outcomes.length - acknowledged.length;
      // Every save picked the key: the scored result counts exactly the acknowledged ones.
      expect(result.correct, `iteration ${iteration}`).toBe(acknowledged.length);
      expect(result.unanswered).toBe(stemIds.length - acknowledged.length);
      const rows = await t.db
        .select({ stemId: userTestStems.stemId, chosen: userTestStems.chosenChoiceIds })
        .from(userTestStems)
        .where(eq(userTestStems.userTestId, attempt.id));
      const stored = rows.filter((row) => row.chosen.length > 0).map((row) => row.stemId);
      expect(stored.sort((a, b) => a - b)).toEqual(acknowledged.sort((a, b) => a - b));
      const [sent] = await t.db
        .select({ status: userTests.status, totalCorrect: userTests.totalCorrect })
        .from(userTests)
        .where(and(eq(userTests.id, attempt.id), eq(userTests.userId, userId)));
      expect(sent).toEqual({ status: 'submitted', totalCorrect: acknowledged.length });
    }
    // The race went both ways at least once over the run.
    expect(acknowledgedTotal).toBeGreaterThan(0);
    expect(refusedTotal).toBeGreaterThan(0);
  }, 600_000);
});
