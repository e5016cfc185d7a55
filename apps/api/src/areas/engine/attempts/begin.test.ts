import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { INSTRUCTIONS_MAX_SECONDS } from '@ensaya/core/engine/timing';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { userTests, userTestStems } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { sweepDueAttempts } from './submit.ts';

// The clock starts when the student continues from the instructions (`begin`), and the result
// says how the attempt ended (items 3 and 4).

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 5, questionCount: 10 });
});
afterAll(async () => {
  await t.close();
});

async function student() {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return client;
}

async function startTimed(client: TestClient, minutes = 10): Promise<Attempt> {
  const response = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 2, limit: 3 },
    timer: { hours: 0, minutes },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Moves the attempt's stored times back by `seconds`, as if it had started that long ago. */
async function age(id: number, seconds: number) {
  const [row] = await t.db.select().from(userTests).where(eq(userTests.id, id));
  const back = (date: Date | null) => (date ? new Date(date.getTime() - seconds * 1000) : null);
  await t.db
    .update(userTests)
    .set({
      startedAt: back(row!.startedAt)!,
      begunAt: back(row!.begunAt),
      deadlineAt: back(row!.deadlineAt),
    })
    .where(eq(userTests.id, id));
}

describe('the clock starts at the begin', () => {
  it('has no deadline while the instructions are open, then runs from the begin', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    expect(attempt.begun_at).toBeNull();
    expect(attempt.deadline_at).toBeNull();
    // 33 seconds on the instructions do not count.
    await age(attempt.id, 33);
    const reread = (await client.get(`/api/user-tests/${attempt.id}`)).json().data;
    expect(reread).toMatchObject({ begun_at: null, deadline_at: null, status: 'in_progress' });

    const begin = await client.post(`/api/user-tests/${attempt.id}/begin`);
    expect(begin.statusCode, begin.body).toBe(200);
    const clock = begin.json().data;
    expect(new Date(clock.deadline_at).getTime() - new Date(clock.begun_at).getTime()).toBe(
      600_000,
    );
    expect(Math.abs(new Date(clock.begun_at).getTime() - Date.now())).toBeLessThan(5_000);
    const opened = (await client.get(`/api/user-tests/${attempt.id}`)).json().data;
    expect(opened).toMatchObject({ begun_at: clock.begun_at, deadline_at: clock.deadline_at });
  });

  it('does not move the deadline when begun again', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    const first = (await client.post(`/api/user-tests/${attempt.id}/begin`)).json().data;
    await age(attempt.id, 20);
    const moved = (await t.db.select().from(userTests).where(eq(userTests.id, attempt.id)))[0]!;
    const second = (await client.post(`/api/user-tests/${attempt.id}/begin`)).json().data;
    expect(second.begun_at).toBe(moved.begunAt!.toISOString());
    expect(second.deadline_at).toBe(moved.deadlineAt!.toISOString());
    expect(new Date(second.deadline_at).getTime()).toBe(
      new Date(first.deadline_at).getTime() - 20_000,
    );
  });

  it('lets the sweeper send an attempt never begun once the instructions waited too long', async () => {
    const client = await student();
    const attempt = await startTimed(client, 1);
    // Within the instructions' allowance: nothing happens.
    await sweepDueAttempts(t.db, new Date(Date.now() + 120_000), 30);
    expect((await client.get(`/api/user-tests/${attempt.id}`)).json().data.status).toBe(
      'in_progress',
    );
    await sweepDueAttempts(t.db, new Date(Date.now() + (INSTRUCTIONS_MAX_SECONDS + 61) * 1000), 30);
    const result = (await client.get(`/api/user-tests/${attempt.id}/result`)).json().data;
    expect(result).toMatchObject({ ended_by: 'time', unanswered: 3 });
  });

  it('starts the clock on its own for a begin after the instructions allowance', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    await age(attempt.id, INSTRUCTIONS_MAX_SECONDS + 60);
    const clock = (await client.post(`/api/user-tests/${attempt.id}/begin`)).json().data;
    // Begun late: 60 seconds of the 10 minutes are already gone.
    const left = new Date(clock.deadline_at).getTime() - new Date(clock.server_now).getTime();
    expect(left).toBeGreaterThan(530_000);
    expect(left).toBeLessThanOrEqual(540_000);
  });

  it('refuses to begin a sent attempt (409) and one of another student (404)', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    const other = await student();
    expect((await other.post(`/api/user-tests/${attempt.id}/begin`)).statusCode).toBe(404);
    await client.post(`/api/user-tests/${attempt.id}/submit`);
    expect((await client.post(`/api/user-tests/${attempt.id}/begin`)).statusCode).toBe(409);
  });
});

describe('nothing is answered before the begin', () => {
  /** Every question of the attempt answered with its first choice, and marked. */
  const allAnswered = (attempt: Attempt) => ({
    stems: attempt.questions.map((question, index) => ({
      stem_id: question.stem_id,
      stem_choice_ids: [question.choices[0]!.id],
      is_marked: true,
      seq: index + 1,
    })),
  });

  const storedAnswers = async (id: number) =>
    t.db
      .select({
        chosen: userTestStems.chosenChoiceIds,
        isMarked: userTestStems.isMarked,
        seq: userTestStems.clientSeq,
        answeredAt: userTestStems.answeredAt,
      })
      .from(userTestStems)
      .where(eq(userTestStems.userTestId, id));

  it('refuses the saves of a timed attempt during its instructions (409, localized), storing nothing', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    for (const language of ['en', 'es']) {
      client.language = language;
      const refused = await client.post(
        `/api/user-tests/${attempt.id}/stems`,
        allAnswered(attempt),
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toMatch(
        language === 'en' ? /^This test has not begun yet/ : /^Esta prueba aún no comienza/,
      );
    }
    client.language = 'en';
    for (const row of await storedAnswers(attempt.id)) {
      expect(row).toEqual({ chosen: [], isMarked: false, seq: 0, answeredAt: null });
    }
    // Once begun, the same answers are saved.
    expect((await client.post(`/api/user-tests/${attempt.id}/begin`)).statusCode).toBe(200);
    const saved = await client.post(`/api/user-tests/${attempt.id}/stems`, allAnswered(attempt));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.saved.every((record: { applied: boolean }) => record.applied)).toBe(
      true,
    );
  });

  it('refuses them in study mode too (the careful path)', async () => {
    const client = await student();
    const response = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
      study_mode: true,
      timer: { hours: 0, minutes: 10 },
    });
    const attempt = response.json().data as Attempt;
    const body = allAnswered(attempt);
    const refused = await client.post(`/api/user-tests/${attempt.id}/stems`, {
      stems: body.stems.map((record) => ({ ...record, reveal: true })),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    for (const row of await storedAnswers(attempt.id)) expect(row.chosen).toEqual([]);
  });

  it('takes the answers of an untimed attempt before its begin (no clock to gain on)', async () => {
    const client = await student();
    const response = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 2, limit: 3 },
    });
    const attempt = response.json().data as Attempt;
    const saved = await client.post(`/api/user-tests/${attempt.id}/stems`, allAnswered(attempt));
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('scores no answer of a timed attempt sent before its begin', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    // Answers stored before this rule (or by any other way in): they do not count.
    for (const question of attempt.questions) {
      await t.db
        .update(userTestStems)
        .set({ chosenChoiceIds: [question.choices[0]!.id], answeredAt: new Date() })
        .where(
          and(eq(userTestStems.userTestId, attempt.id), eq(userTestStems.stemId, question.stem_id)),
        );
    }
    const result = (await client.post(`/api/user-tests/${attempt.id}/submit`)).json().data;
    expect(result).toMatchObject({ correct: 0, incorrect: 0, unanswered: 3 });
    for (const row of await storedAnswers(attempt.id)) expect(row.chosen).toEqual([]);
  });
});

describe('how an attempt ended', () => {
  it('by the student, with the time counted from the begin', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    await client.post(`/api/user-tests/${attempt.id}/begin`);
    await age(attempt.id, 90);
    const result = (await client.post(`/api/user-tests/${attempt.id}/submit`)).json().data;
    expect(result.ended_by).toBe('student');
    expect(result.elapsed_seconds).toBeGreaterThanOrEqual(89);
    expect(result.elapsed_seconds).toBeLessThanOrEqual(95);
  });

  it('by time: a client that says so after the deadline, and the sweeper', async () => {
    const client = await student();
    const attempt = await startTimed(client, 1);
    await client.post(`/api/user-tests/${attempt.id}/begin`);
    await age(attempt.id, 61);
    const late = await client.post(`/api/user-tests/${attempt.id}/submit`, { reason: 'time' });
    expect(late.json().data.ended_by).toBe('time');

    // A client claiming a time-out long before the deadline sent it itself.
    const earlyClient = await student();
    const own = await startTimed(earlyClient);
    await earlyClient.post(`/api/user-tests/${own.id}/begin`);
    const claimed = await earlyClient.post(`/api/user-tests/${own.id}/submit`, { reason: 'time' });
    expect(claimed.json().data.ended_by).toBe('student');
  });

  it('by leaving: the back button (reason leave) and a closed page after the grace', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    await client.post(`/api/user-tests/${attempt.id}/begin`);
    const left = await client.post(`/api/user-tests/${attempt.id}/submit`, { reason: 'leave' });
    expect(left.json().data.ended_by).toBe('leave');

    const closer = await student();
    const page = await startTimed(closer);
    await closer.post(`/api/user-tests/${page.id}/begin`);
    await closer.post(`/api/user-tests/${page.id}/leave`);
    await sweepDueAttempts(t.db, new Date(Date.now() + 31_000), 30);
    const result = (await closer.get(`/api/user-tests/${page.id}/result`)).json().data;
    expect(result.ended_by).toBe('leave');
  });

  it('refuses an unknown reason with 422', async () => {
    const client = await student();
    const attempt = await startTimed(client);
    const response = await client.post(`/api/user-tests/${attempt.id}/submit`, {
      reason: 'bored',
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('attempts in progress', () => {
  it('lists the running attempts, latest first, and sends those past their leave grace', async () => {
    const client = await student();
    expect((await client.get('/api/user-tests/in-progress')).json().data).toEqual([]);
    const attempt = await startTimed(client);
    const listed = (await client.get('/api/user-tests/in-progress')).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        id: attempt.id,
        subject_id: bank.subject.id,
        mode: 'practice',
        begun_at: null,
        deadline_at: null,
      }),
    ]);
    // Another student sees none of it.
    expect((await (await student()).get('/api/user-tests/in-progress')).json().data).toEqual([]);

    await client.post(`/api/user-tests/${attempt.id}/leave`);
    expect((await client.get('/api/user-tests/in-progress')).json().data).toHaveLength(1);
    await t.db
      .update(userTests)
      .set({ leaveRequestedAt: new Date(Date.now() - 60_000) })
      .where(eq(userTests.id, attempt.id));
    expect((await client.get('/api/user-tests/in-progress')).json().data).toEqual([]);
    const [row] = await t.db.select().from(userTests).where(eq(userTests.id, attempt.id));
    expect(row).toMatchObject({ status: 'submitted', endedBy: 'leave' });
  });
});
