import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Attempt, AttemptResult } from '@ensaya/core/contracts/engine';
import {
  userSubjectStats,
  userTests,
  userTestStems,
  userTestThemes,
} from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { countRequestedSubmits } from './scoring-repo.ts';
import { retryAfterSeconds, scoreRequestedSubmits } from './scoring.ts';
import { requestSubmit, sweepDueAttempts } from './submit.ts';

// Submits acknowledged at once (`Prefer: respond-async`) and scored in batches. A database of its
// own: the scorer takes every acknowledged submit it finds.
let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp({}, { ownDatabase: true });
  // 12 questions, 6 per theme: a mock exam takes all of them, so two students sit the same form.
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 6, questionCount: 12 });
});
afterAll(async () => {
  await t.close();
});

const ASYNC = { headers: { prefer: 'respond-async' } };

async function student() {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

type Kind = 'practice' | 'mock_exam';

/** Starts (and begins) an attempt over the whole bank and answers it by a fixed pattern. */
async function sit(client: TestClient, kind: Kind): Promise<Attempt> {
  const body =
    kind === 'mock_exam'
      ? { subject_id: bank.subject.id, mode: 'mock_exam' }
      : { subject_id: bank.subject.id, mode: 'practice', selection: { value: 2, limit: 12 } };
  const started = await client.post('/api/user-tests', body);
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  expect(attempt.questions).toHaveLength(bank.bank.length);
  await client.post(`/api/user-tests/${attempt.id}/begin`);
  // By the question, not its position: the key, a wrong choice or nothing, and a mark.
  const stems = bank.bank.map((stem, index) => ({
    stem_id: stem.id,
    stem_choice_ids: [[stem.keyId], [stem.wrongId], []][index % 3]!,
    is_marked: index % 4 === 0,
    seq: 1,
  }));
  const saved = await client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
  expect(saved.statusCode, saved.body).toBe(200);
  return attempt;
}

/** Reads the result until it is scored (the scorer runs on its own after the acknowledgement). */
async function scoredResult(client: TestClient, id: number): Promise<AttemptResult> {
  for (let round = 0; round < 200; round += 1) {
    const response = await client.get(`/api/user-tests/${id}/result`);
    if (response.statusCode === 200) return response.json().data;
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().data).toMatchObject({ user_test_id: id, status: 'scoring' });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBe(response.json().data.retry_after_s);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`attempt ${id} was never scored`);
}

/** What a result says about the answers, without whose attempt it is and when it ran. */
function scoredPart(result: AttemptResult) {
  const { user_test_id: _id, start: _start, end: _end, elapsed_seconds: _s, ...rest } = result;
  return rest;
}

/** The rows a submit writes for the attempt and its student, keyed by question and theme. */
async function storedRows(userId: number, id: number) {
  const stems = await t.db
    .select({ stemId: userTestStems.stemId, isCorrect: userTestStems.isCorrect })
    .from(userTestStems)
    .where(eq(userTestStems.userTestId, id))
    .orderBy(asc(userTestStems.stemId));
  const themes = await t.db
    .select({
      themeId: userTestThemes.themeId,
      correct: userTestThemes.correct,
      incorrect: userTestThemes.incorrect,
      unanswered: userTestThemes.unanswered,
    })
    .from(userTestThemes)
    .where(eq(userTestThemes.userTestId, id))
    .orderBy(asc(userTestThemes.themeId));
  const stats = await t.db
    .select()
    .from(userSubjectStats)
    .where(
      and(eq(userSubjectStats.userId, userId), eq(userSubjectStats.subjectId, bank.subject.id)),
    )
    .orderBy(asc(userSubjectStats.type));
  return {
    stems,
    themes,
    stats: stats.map(({ userId: _user, lastAttemptAt: _at, ...row }) => row),
  };
}

describe('a submit acknowledged at once and scored in a batch', () => {
  it.each<Kind>(['practice', 'mock_exam'])(
    'gives exactly the synchronous result (%s)',
    async (kind) => {
      const synchronous = await student();
      const batched = await student();
      const a = await sit(synchronous.client, kind);
      const b = await sit(batched.client, kind);

      const direct = await synchronous.client.post(`/api/user-tests/${a.id}/submit`);
      expect(direct.statusCode, direct.body).toBe(200);
      const acknowledged = await batched.client.post(
        `/api/user-tests/${b.id}/submit`,
        undefined,
        ASYNC,
      );
      expect(acknowledged.statusCode, acknowledged.body).toBe(202);
      expect(acknowledged.headers['preference-applied']).toBe('respond-async');
      expect(acknowledged.json().data).toMatchObject({ user_test_id: b.id, status: 'scoring' });
      expect(acknowledged.json().data.retry_after_s).toBeGreaterThanOrEqual(1);

      const result = await scoredResult(batched.client, b.id);
      expect(scoredPart(result)).toEqual(scoredPart(direct.json().data));
      expect(result.correct).toBe(4);
      expect(result.incorrect).toBe(4);
      expect(result.unanswered).toBe(4);
      const [rowsA, rowsB] = await Promise.all([
        storedRows(synchronous.user.id, a.id),
        storedRows(batched.user.id, b.id),
      ]);
      expect(rowsB).toEqual(rowsA);
      expect(rowsB.stats.length).toBeGreaterThan(0);

      // Sending again, either way, gives the same result and changes nothing.
      const again = await batched.client.post(`/api/user-tests/${b.id}/submit`, undefined, ASYNC);
      expect(again.statusCode).toBe(200);
      expect(again.json().data).toEqual(result);
      expect(await storedRows(batched.user.id, b.id)).toEqual(rowsB);
    },
  );

  it('ends the attempt when the submit is asked for, and takes no answer after it', async () => {
    const { user, client } = await student();
    const attempt = await sit(client, 'practice');
    const askedAt = new Date(Date.now() - 5_000);
    expect(await requestSubmit(t.db, user.id, attempt.id, askedAt, 'student')).toBe('scoring');
    // Asked again: recorded once, at the first time.
    expect(await requestSubmit(t.db, user.id, attempt.id, new Date(), 'leave')).toBe('scoring');

    const late = await client.post(`/api/user-tests/${attempt.id}/stems`, {
      stems: [
        {
          stem_id: bank.bank[2]!.id,
          stem_choice_ids: [bank.bank[2]!.keyId],
          is_marked: false,
          seq: 2,
        },
      ],
    });
    expect(late.statusCode).toBe(409);
    // Not "in progress" any more: no resume banner while it is scored.
    const open = (await client.get('/api/user-tests/in-progress')).json().data;
    expect(open.map((row: { id: number }) => row.id)).not.toContain(attempt.id);
    // The sweeper leaves it to the scorer, which scores it as of when it was asked for.
    expect(await sweepDueAttempts(t.db, new Date(Date.now() + 86_400_000), 0)).toBe(0);

    const result = await scoredResult(client, attempt.id);
    expect(new Date(result.end).getTime()).toBe(askedAt.getTime());
    expect(result.ended_by).toBe('student');
    expect(result.unanswered).toBe(4);
  });

  it('scores each acknowledged submit once when two scorers run at once', async () => {
    const students = await Promise.all(Array.from({ length: 6 }, student));
    const attempts = await Promise.all(students.map(({ client }) => sit(client, 'practice')));
    const now = new Date();
    for (const [index, { user }] of students.entries()) {
      await requestSubmit(t.db, user.id, attempts[index]!.id, now, 'student');
    }
    const closed = await Promise.all([scoreRequestedSubmits(t.db), scoreRequestedSubmits(t.db)]);
    // The GET below may have kicked the app's scorer too: what matters is once per attempt.
    expect(closed[0] + closed[1]).toBeLessThanOrEqual(attempts.length);
    for (const [index, { user }] of students.entries()) {
      const [row] = await t.db
        .select({ status: userTests.status })
        .from(userTests)
        .where(eq(userTests.id, attempts[index]!.id));
      expect(row!.status).toBe('submitted');
      const stats = await storedRows(user.id, attempts[index]!.id);
      expect(stats.themes.reduce((sum, theme) => sum + theme.correct, 0)).toBe(4);
      const practice = stats.stats.find((row) => row.type === 'custom');
      expect(practice?.attempts).toBe(1);
    }
  });

  it('lets a new test start while the last one waits to be scored', async () => {
    const { user, client } = await student();
    const first = await sit(client, 'practice');
    const askedAt = new Date(Date.now() - 1_000);
    await requestSubmit(t.db, user.id, first.id, askedAt, 'student');
    const next = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
    expect(next.statusCode, next.body).toBe(201);
    const result = (await client.get(`/api/user-tests/${first.id}/result`)).json().data;
    expect(new Date(result.end).getTime()).toBe(askedAt.getTime());
    expect(result.correct).toBe(4);
  });

  it("refuses another student's attempt (404) and reads a sent one's result", async () => {
    const owner = await student();
    const other = await student();
    const attempt = await sit(owner.client, 'practice');
    const foreign = await other.client.post(
      `/api/user-tests/${attempt.id}/submit`,
      undefined,
      ASYNC,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await other.client.get(`/api/user-tests/${attempt.id}/result`)).statusCode).toBe(404);
    const [row] = await t.db
      .select({ requested: userTests.submitRequestedAt })
      .from(userTests)
      .where(eq(userTests.id, attempt.id));
    expect(row!.requested).toBeNull();
  });
});

describe('when a page reads its result again', () => {
  it('is told to wait for the submits ahead of it, at the rate they are scored', () => {
    expect(retryAfterSeconds(0, 80)).toBe(1);
    expect(retryAfterSeconds(399, 80)).toBe(5);
    // Before a batch has been timed, 25 a second is assumed.
    expect(retryAfterSeconds(99, 0)).toBe(4);
    expect(retryAfterSeconds(10_000, 10)).toBe(30);
  });

  it('counts the submits asked for before its own', async () => {
    const sitting = await Promise.all(Array.from({ length: 3 }, student));
    const attempts = await Promise.all(sitting.map(({ client }) => sit(client, 'practice')));
    const base = Date.now() - 60_000;
    for (const [index, { user }] of sitting.entries()) {
      await requestSubmit(t.db, user.id, attempts[index]!.id, new Date(base + index), 'student');
    }
    expect(await countRequestedSubmits(t.db, new Date(base + 2))).toBe(2);
    expect(await countRequestedSubmits(t.db)).toBeGreaterThanOrEqual(3);
    await scoreRequestedSubmits(t.db);
    expect(await countRequestedSubmits(t.db)).toBe(0);
  });
});
