import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent } from '../../../test/factories.ts';
import { startAttempt } from '../../engine/attempts/start.ts';
import { submitAttempt } from '../../engine/attempts/submit.ts';
import { drainPopulationQueueFully, startPopulationDrain } from './population-queue.ts';
import { drainPopulationQueue } from './population-queue-repo.ts';

// Submits queue their share of the rows every student shares, and a drain folds it in.
// A classroom sending the same exam at once must end, once drained, with exactly the populations
// and stem_stats that the same attempts sent one by one give; a queued change survives a crash and
// is folded in once.

const shape = { weights: [60, 40], perTheme: 6, questionCount: 8 };
const N = 12;
const mockExam = {
  mode: 'mock_exam',
  random_question: true,
  random_answer: true,
  study_mode: false,
  replace_in_progress: false,
} as const;

/** A small deterministic generator: student i draws the same exam in either subject. */
function seeded(seed: number) {
  let state = seed + 1;
  return () => {
    state = (state * 16807) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Student `i` starts the bank's mock exam and answers by a rule of the question's place in the
 * bank: right, wrong or blank. Returns the student and the attempt.
 */
async function answered(db: Db, bank: TestBank, i: number, now: Date) {
  const user = await createStudent(db);
  await grantAccess(db, user.id, bank.subject.id);
  const id = await startAttempt(
    db,
    { id: user.id },
    { subject_id: bank.subject.id, ...mockExam },
    now,
    seeded(i),
  );
  // The clock runs from the instructions' Continue: a timed attempt's answers count only once begun.
  await db.execute(sql`update user_tests set begun_at = ${now} where id = ${id}`);
  const stems = await rows<{ stem_id: number }>(
    db,
    sql`select stem_id from user_test_stems where user_test_id = ${id} and user_id = ${user.id}`,
  );
  for (const { stem_id } of stems) {
    const index = bank.bank.findIndex((stem) => stem.id === stem_id);
    const stem = bank.bank[index]!;
    const chosen =
      (index + i) % 5 === 0 ? [] : (index + i) % 3 === 0 ? [stem.wrongId] : [stem.keyId];
    await db.execute(sql`
      update user_test_stems set chosen_choice_ids = ${`{${chosen.join(',')}}`}::integer[]
      where user_test_id = ${id} and user_id = ${user.id} and stem_id = ${stem_id}`);
  }
  return { userId: user.id, id };
}

/**
 * What the comparison with all students holds for the bank, summed over shards and keyed by the
 * theme's and question's place in the bank, so that two banks of one shape compare.
 */
async function population(db: Db, bank: TestBank) {
  const themeIndex = (id: number) => bank.themes.findIndex((theme) => theme.id === id);
  const stemIndex = (id: number) => bank.bank.findIndex((stem) => stem.id === id);
  const themeIds = sql.join(
    bank.themes.map((theme) => sql`${theme.id}`),
    sql`, `,
  );
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const subjects = await rows<{ type: string; students: number; sum: number; squares: number }>(
    db,
    sql`select type, sum(students)::int as students, sum(percentage_sum)::float8 as sum,
        sum(percentage_square_sum)::float8 as squares
      from subject_population_stats where subject_id = ${bank.subject.id}
      group by type having sum(students) > 0 order by type`,
  );
  const themes = await rows<{
    theme_id: number;
    type: string;
    students: number;
    questions: number;
    correct: number;
    incorrect: number;
    unanswered: number;
    sum: number;
  }>(
    db,
    sql`select theme_id, type, sum(students)::int as students, sum(questions)::int as questions,
        sum(correct)::int as correct, sum(incorrect)::int as incorrect,
        sum(unanswered)::int as unanswered, sum(percentage_sum)::float8 as sum
      from theme_population_stats where theme_id in (${themeIds})
      group by theme_id, type having sum(students) > 0`,
  );
  const stems = await rows<{ stem_id: number; answered: number; wrong: number }>(
    db,
    sql`select stem_id, answered, wrong from stem_stats
      where subject_id = ${bank.subject.id} and answered > 0`,
  );
  return {
    subjects: subjects.map((row) => ({
      ...row,
      sum: round(row.sum),
      squares: round(row.squares),
    })),
    themes: themes
      .map(({ theme_id, ...row }) => ({ theme: themeIndex(theme_id), ...row, sum: round(row.sum) }))
      .sort((a, b) => a.theme - b.theme || a.type.localeCompare(b.type)),
    stems: stems
      .map(({ stem_id, ...row }) => ({ stem: stemIndex(stem_id), ...row }))
      .sort((a, b) => a.stem - b.stem),
  };
}

const queued = async (db: Db) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from population_queue`))[0]!.n;

describe('a classroom sending the same exam at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing drains by itself during the test: the drains are the test's.
    t = await buildTestApp({ populationDrainDelayMs: 60_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends, once drained, with the populations the same attempts sent one by one give', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    const together = await createBank(t.db, shape);
    const oneByOne = await createBank(t.db, shape);
    const classroom = await Promise.all(
      Array.from({ length: N }, (_, i) => answered(t.db, together, i, now)),
    );
    const alone = [];
    for (let i = 0; i < N; i++) alone.push(await answered(t.db, oneByOne, i, now));

    await Promise.all(classroom.map(({ userId, id }) => submitAttempt(t.db, userId, id, later)));
    await drainPopulationQueueFully(t.db);
    for (const { userId, id } of alone) {
      await submitAttempt(t.db, userId, id, later);
      await drainPopulationQueueFully(t.db);
    }

    const expected = await population(t.db, oneByOne);
    expect(expected.subjects.find((row) => row.type === 'official')?.students).toBe(N);
    expect(expected.stems.length).toBeGreaterThan(0);
    expect(await population(t.db, together)).toEqual(expected);
  });
});

describe('the population queue', () => {
  let t: TestApp;
  let bank: TestBank;
  beforeAll(async () => {
    // A database of its own: no other test's drain takes this queue's rows.
    t = await buildTestApp({ populationDrainDelayMs: 60_000 }, { ownDatabase: true });
    bank = await createBank(t.db, shape);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a submit’s share until a drain, which folds it in once', async () => {
    const now = new Date();
    const empty = await population(t.db, bank);
    const attempts = await Promise.all([0, 1, 2].map((i) => answered(t.db, bank, i, now)));
    await Promise.all(
      attempts.map(({ userId, id }) =>
        submitAttempt(t.db, userId, id, new Date(now.getTime() + 60_000)),
      ),
    );
    // Sent, but the shared rows do not have it yet: it waits in the queue (a crash here keeps it).
    expect(await queued(t.db)).toBe(3);
    expect(await population(t.db, bank)).toEqual(empty);

    // Another instance starting after the crash drains what it finds.
    const restarted = startPopulationDrain({ db: t.db, delayMs: 10, log: console });
    await expect.poll(() => queued(t.db)).toBe(0);
    await restarted.stop();
    const drained = await population(t.db, bank);
    expect(drained.subjects.find((row) => row.type === 'official')?.students).toBe(3);

    // Draining again adds nothing twice.
    expect(await drainPopulationQueue(t.db)).toBe(0);
    await Promise.all([drainPopulationQueueFully(t.db), drainPopulationQueueFully(t.db)]);
    expect(await population(t.db, bank)).toEqual(drained);
  });
});
