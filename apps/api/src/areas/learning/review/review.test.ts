import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import type { ReviewDue } from '@ensaya/core/contracts/review';
import { reviewCards, stems, userTests } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { dueStems, reviewDue } from './repo.ts';

// Spaced review: wrong answers enter an FSRS queue; a review session (a
// wrong-answers test with `wrong_source: "review"`) rates and reschedules them.

const DAY = 86_400_000;
let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  // 30 minutes for 10 questions: a pace of 180 s a question.
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 4, questionCount: 10 });
});
afterAll(async () => {
  await t.close();
});

const stem = (number: number) => bank.bank[number - 1]!;

async function student(language = 'en') {
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language });
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

async function practice(client: TestClient, from: number, to: number): Promise<Attempt> {
  const response = await client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'practice',
    selection: { value: 3, from, to },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const startReview = (client: TestClient) =>
  client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    mode: 'wrong_answers',
    wrong_source: 'review',
    study_mode: true,
  });

/** Answers by bank number: `key`, `wrong`, `marked` (the key, marked) or none. */
async function answerAndSubmit(
  client: TestClient,
  attempt: Attempt,
  answers: Record<number, 'key' | 'wrong' | 'marked'>,
) {
  const records = Object.entries(answers).map(([number, answer], index) => {
    const question = stem(Number(number));
    return {
      stem_id: question.id,
      stem_choice_ids: [answer === 'wrong' ? question.wrongId : question.keyId],
      is_marked: answer === 'marked',
      seq: index + 1,
    };
  });
  if (records.length > 0) {
    const saved = await client.post(`/api/user-tests/${attempt.id}/stems`, { stems: records });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const submitted = await client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().data;
}

async function due(client: TestClient): Promise<ReviewDue> {
  const response = await client.get('/api/review/due');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function cardsOf(userId: number) {
  const rows = await t.db.select().from(reviewCards).where(eq(reviewCards.userId, userId));
  return new Map(rows.map((row) => [row.stemId, row]));
}

describe('review queue', () => {
  it('needs a session', async () => {
    const response = await new TestClient(t.app).get('/api/review/due');
    expect(response.statusCode).toBe(401);
  });

  it('a wrong or marked answer enters the queue, due today; right and unanswered ones do not', async () => {
    const { user, client } = await student();
    expect(await due(client)).toMatchObject({ total: 0, subjects: [], session_max: 20 });

    const attempt = await practice(client, 1, 4);
    await answerAndSubmit(client, attempt, { 1: 'wrong', 2: 'marked', 3: 'key' });

    const cards = await cardsOf(user.id);
    expect([...cards.keys()].sort()).toEqual([stem(1).id, stem(2).id].sort());
    const [sent] = await t.db.select().from(userTests).where(eq(userTests.id, attempt.id));
    for (const card of cards.values()) {
      expect(card).toMatchObject({ state: 0, reps: 0, lapses: 0, lastReviewAt: null });
      expect(card.dueAt).toEqual(sent!.submittedAt);
    }
    const counts = await due(client);
    expect(counts.total).toBe(2);
    expect(counts.subjects).toEqual([
      {
        subject_id: bank.subject.id,
        subject_name: bank.subject.name,
        standard_test_id: bank.subject.standardTestId,
        due: 2,
        queued: 2,
      },
    ]);
    expect(new Date(counts.due_before).getTime()).toBeGreaterThan(Date.now());

    // A wrong-answers test of the student's own mistakes is not a review session: nothing rated.
    const own = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'own',
    });
    expect(own.statusCode, own.body).toBe(201);
    await answerAndSubmit(client, own.json().data, { 1: 'key' });
    expect((await cardsOf(user.id)).get(stem(1).id)).toMatchObject({ state: 0, reps: 0 });
  });

  it('a review session takes what is due, rates each answer and reschedules it', async () => {
    const { user, client } = await student('es');
    await answerAndSubmit(client, await practice(client, 1, 4), {
      1: 'wrong',
      2: 'wrong',
      3: 'wrong',
      4: 'key',
    });

    const started = await startReview(client);
    expect(started.statusCode, started.body).toBe(201);
    const session: Attempt = started.json().data;
    expect(session.mode).toBe('wrong_answers');
    expect(session.questions.map((question) => question.stem_id).sort()).toEqual(
      [stem(1).id, stem(2).id, stem(3).id].sort(),
    );
    const before = Date.now();
    // Right at once (easy, well inside the 180 s pace), right but marked (hard), wrong (again).
    await answerAndSubmit(client, session, { 1: 'key', 2: 'marked', 3: 'wrong' });

    const cards = await cardsOf(user.id);
    const days = (number: number) => {
      const card = cards.get(stem(number).id)!;
      return Math.round((card.dueAt.getTime() - card.lastReviewAt!.getTime()) / DAY);
    };
    for (const number of [1, 2, 3]) {
      expect(cards.get(stem(number).id)).toMatchObject({ reps: 1, state: 2 });
      expect(cards.get(stem(number).id)!.lastReviewAt!.getTime()).toBeGreaterThanOrEqual(
        before - 1000,
      );
    }
    // ts-fsrs's first intervals with the default weights: again 1 day, hard 1, easy 15.
    expect(days(3)).toBe(1);
    expect(days(1)).toBeGreaterThan(days(2));
    expect(days(1)).toBeGreaterThanOrEqual(7);

    // Nothing is due today any more: a new session is refused, in the student's language.
    expect(await due(client)).toMatchObject({ total: 0 });
    expect((await due(client)).subjects[0]).toMatchObject({ due: 0, queued: 3 });
    const none = await startReview(client);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(
      'No tienes preguntas para repasar hoy en esta asignatura. Las preguntas que respondas mal volverán aquí cuando toque repasarlas.',
    );

    // Two days on, the one answered wrong (and the hard one) are due again; the easy one is not.
    const later = new Date(Date.now() + 2 * DAY);
    const counts = await reviewDue(t.db, user.id, later);
    expect(counts.subjects[0]).toMatchObject({ due: 2, queued: 3 });
    const drawn = await dueStems(t.db, user.id, bank.subject.id, later);
    expect(drawn.map((row) => row.id).sort()).toEqual([stem(2).id, stem(3).id].sort());
  });

  it('a wrong answer outside a review session rates a reviewed card again (a lapse)', async () => {
    const { user, client } = await student();
    await answerAndSubmit(client, await practice(client, 5, 5), { 5: 'wrong' });
    const session = (await startReview(client)).json().data as Attempt;
    await answerAndSubmit(client, session, { 5: 'key' });
    const reviewed = (await cardsOf(user.id)).get(stem(5).id)!;
    expect(reviewed.dueAt.getTime() - Date.now()).toBeGreaterThan(2 * DAY);

    await answerAndSubmit(client, await practice(client, 5, 5), { 5: 'wrong' });
    const lapsed = (await cardsOf(user.id)).get(stem(5).id)!;
    expect(lapsed).toMatchObject({ reps: 2, lapses: 1 });
    expect(lapsed.dueAt.getTime()).toBeLessThan(reviewed.dueAt.getTime());
  });

  it('new questions come in at most 20 a subject a day; reviewed ones are never held back', async () => {
    const big = await createBank(t.db, { weights: [100], perTheme: 25, questionCount: 25 });
    const user = await createStudent(t.db);
    await grantAccess(t.db, user.id, big.subject.id);
    const client = new TestClient(t.app, { language: 'en' });
    await client.login(user.email, TEST_PASSWORD);
    const attempt = (
      await client.post('/api/user-tests', {
        subject_id: big.subject.id,
        mode: 'practice',
        selection: { value: 1 },
      })
    ).json().data as Attempt;
    const wrong = big.bank.map((question, index) => ({
      stem_id: question.id,
      stem_choice_ids: [question.wrongId],
      is_marked: false,
      seq: index + 1,
    }));
    await client.post(`/api/user-tests/${attempt.id}/stems`, { stems: wrong });
    await client.post(`/api/user-tests/${attempt.id}/submit`);

    const subjectDue = async (now = new Date()) =>
      (await reviewDue(t.db, user.id, now)).subjects.find(
        (row) => row.subject_id === big.subject.id,
      );
    expect(await subjectDue()).toMatchObject({ due: 20, queued: 25 });
    expect((await due(client)).new_per_day).toBe(20);

    // The session takes those 20; the 5 others wait for tomorrow.
    const session = (
      await client.post('/api/user-tests', {
        subject_id: big.subject.id,
        mode: 'wrong_answers',
        wrong_source: 'review',
      })
    ).json().data as Attempt;
    expect(session.questions).toHaveLength(20);
    await client.post(`/api/user-tests/${session.id}/submit`);
    expect(await subjectDue()).toMatchObject({ due: 0, queued: 25 });
    const tomorrow = new Date(Date.now() + 1.05 * DAY);
    // Tomorrow: the 5 new ones, and the 20 left unanswered (again: due a day later).
    expect(await subjectDue(tomorrow)).toMatchObject({ due: 25 });
    expect(await dueStems(t.db, user.id, big.subject.id, tomorrow)).toHaveLength(20);
  });

  it('refuses an unknown source and changes nothing', async () => {
    const { user, client } = await student();
    const response = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'wrong_answers',
      wrong_source: 'everything',
    });
    expect(response.statusCode).toBe(422);
    expect(await cardsOf(user.id)).toEqual(new Map());
  });

  it('a question removed from the bank leaves the queue', async () => {
    const { user, client } = await student();
    await answerAndSubmit(client, await practice(client, 6, 8), {
      6: 'wrong',
      7: 'wrong',
      8: 'wrong',
    });
    expect((await due(client)).subjects[0]).toMatchObject({ due: 3, queued: 3 });

    // Deactivated: kept, but neither counted nor drawn.
    await t.db
      .update(stems)
      .set({ isActive: false })
      .where(eq(stems.id, stem(6).id));
    try {
      expect((await due(client)).subjects[0]).toMatchObject({ due: 2, queued: 2 });
      const session = (await startReview(client)).json().data as Attempt;
      expect(session.questions.map((question) => question.stem_id).sort()).toEqual(
        [stem(7).id, stem(8).id].sort(),
      );
      await client.post(`/api/user-tests/${session.id}/submit`);
    } finally {
      await t.db
        .update(stems)
        .set({ isActive: true })
        .where(eq(stems.id, stem(6).id));
    }

    // Deleted (possible once no attempt holds it): its card goes with it.
    await t.db
      .delete(userTests)
      .where(and(eq(userTests.userId, user.id), eq(userTests.subjectId, bank.subject.id)));
    await t.db.delete(stems).where(eq(stems.id, stem(6).id));
    const left = await t.db
      .select({ stemId: reviewCards.stemId })
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, user.id),
          inArray(reviewCards.stemId, [stem(6).id, stem(7).id, stem(8).id]),
        ),
      );
    expect(left.map((row) => row.stemId).sort()).toEqual([stem(7).id, stem(8).id].sort());
  });
});
