import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// An attempt at questions whose keys the student has already seen stays in the
// student's own statistics but not in the comparison with all students (the population aggregates
// and stem_stats). The subject is this file's own, so nobody else writes its rows.

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [60, 40], perTheme: 6, questionCount: 8 });
});
afterAll(async () => {
  await t.close();
});

type Student = { id: number; client: TestClient };

async function student(debug = false): Promise<Student> {
  const user = await createStudent(t.db, { permissions: debug ? ['debug'] : [] });
  await grantAccess(t.db, user.id, bank.subject.id);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { id: user.id, client };
}

/** Starts with `body`, answers question i right when `right(i)` (else wrong) and submits. */
async function take(who: Student, body: object, right: (index: number) => boolean) {
  const started = await who.client.post('/api/user-tests', {
    subject_id: bank.subject.id,
    ...body,
  });
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  const stems = attempt.questions.map((question, index) => {
    const stem = bank.bank.find((candidate) => candidate.id === question.stem_id)!;
    return {
      stem_id: stem.id,
      stem_choice_ids: [right(index) ? stem.keyId : stem.wrongId],
      is_marked: false,
      seq: 1,
    };
  });
  expect((await who.client.post(`/api/user-tests/${attempt.id}/stems`, { stems })).statusCode).toBe(
    200,
  );
  expect((await who.client.post(`/api/user-tests/${attempt.id}/submit`)).statusCode).toBe(200);
  // The student reviews it: every key and solution.
  expect((await who.client.get(`/api/user-tests/${attempt.id}`)).statusCode).toBe(200);
  return attempt.id;
}

const practice = { mode: 'practice', selection: { value: 2, limit: 6 }, random_question: true };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Everything the comparison with all students reads for the subject and its themes. */
async function population() {
  const themeIds = sql.join(
    bank.themes.map((theme) => sql`${theme.id}`),
    sql`, `,
  );
  return {
    subjects: await rows(sql`
      select type, sum(students)::int as students, sum(percentage_sum)::float8 as sum,
        sum(percentage_square_sum)::float8 as squares
      from subject_population_stats where subject_id = ${bank.subject.id}
      group by type having sum(students) > 0 order by type`),
    themes: await rows(sql`
      select theme_id, type, sum(students)::int as students, sum(questions)::int as questions,
        sum(correct)::int as correct, sum(incorrect)::int as incorrect,
        sum(unanswered)::int as unanswered, sum(percentage_sum)::float8 as sum
      from theme_population_stats where theme_id in (${themeIds})
      group by theme_id, type having sum(students) > 0 order by theme_id, type`),
    stems: await rows(sql`
      select stem_id, answered, wrong from stem_stats
      where subject_id = ${bank.subject.id} and answered > 0 order by stem_id`),
  };
}

type Population = Awaited<ReturnType<typeof population>>;

/** Equal, the floating sums to rounding. */
function expectSamePopulation(actual: Population, expected: Population) {
  const rounded = (value: Population) =>
    JSON.parse(
      JSON.stringify(value, (_, field: unknown) =>
        typeof field === 'number' ? Math.round(field * 1e6) / 1e6 : field,
      ),
    ) as unknown;
  expect(rounded(actual)).toEqual(rounded(expected));
}

async function ownStats(who: Student) {
  const response = await who.client.get(`/api/user-subject-stats?subject_id=${bank.subject.id}`);
  return response.json().data as { attempts: number; questions: number; correct: number };
}

async function gauss(who: Student) {
  const response = await who.client.get(`/api/my-percentages-gauss?subject_id=${bank.subject.id}`);
  return response.json().data as {
    students: number;
    mean: number;
    user: { percentage: number } | null;
  };
}

const deleteAttempt = (who: Student, id: number) =>
  who.client.request({ method: 'DELETE', url: `/api/user-tests/${id}` });

describe('the comparison with all students', () => {
  let ana: Student;
  let ben: Student;
  let anaFirst: number;

  beforeAll(async () => {
    ana = await student();
    ben = await student();
    // Ana gets half right, Ben all: the population sees 50 % and 100 %.
    anaFirst = await take(ana, practice, (i) => i % 2 === 0);
    await take(ben, practice, () => true);
  });

  it('a first attempt enters it', async () => {
    const before = await population();
    const cata = await student();
    await take(cata, practice, () => false);
    const after = await population();
    expect(after.subjects).not.toEqual(before.subjects);
    expect(after.themes).not.toEqual(before.themes);
    expect(after.stems).not.toEqual(before.stems);
    expect((await gauss(cata)).students).toBe(3);
  });

  it('a retake of a reviewed attempt changes the student’s own statistics, not the population', async () => {
    const before = await population();
    const ownBefore = await ownStats(ana);
    const gaussBefore = await gauss(ana);

    // The same questions again, now all right.
    const retake = await take(
      ana,
      { mode: 'historical', source_user_test_id: anaFirst },
      () => true,
    );
    expectSamePopulation(await population(), before);
    const ownAfter = await ownStats(ana);
    expect(ownAfter).toMatchObject({
      attempts: ownBefore.attempts + 1,
      questions: ownBefore.questions + 6,
      correct: ownBefore.correct + 6,
    });
    const gaussAfter = await gauss(ana);
    expect(gaussAfter.students).toBe(gaussBefore.students);
    expect(gaussAfter.mean).toBe(gaussBefore.mean);
    // The student's own point moves: 3 of 6, then 9 of 12.
    expect(gaussBefore.user!.percentage).toBe(50);
    expect(gaussAfter.user!.percentage).toBe(75);

    // The student's own wrong answers, keys reviewed: not in the population, and a drill is its
    // own kind, apart from practice and mock exams.
    await take(ana, { mode: 'wrong_answers', wrong_source: 'own' }, () => true);
    expectSamePopulation(await population(), before);
    expect((await ownStats(ana)).attempts).toBe(ownBefore.attempts + 1);

    // Deleting a retake takes it from the student's statistics only.
    expect((await deleteAttempt(ana, retake)).statusCode).toBe(200);
    expectSamePopulation(await population(), before);
    expect((await ownStats(ana)).attempts).toBe(ownBefore.attempts);
  });

  it('a debug user never counts; a drill of everyone’s most failed questions does not either', async () => {
    const before = await population();
    const debug = await student(true);
    await take(debug, practice, () => true);
    expectSamePopulation(await population(), before);
    expect((await ownStats(debug)).attempts).toBe(1);

    // A drill is its own kind: not in the population, not in the practice figures.
    const benBefore = await ownStats(ben);
    await take(ben, { mode: 'wrong_answers', wrong_source: 'general' }, () => false);
    expectSamePopulation(await population(), before);
    expect(await ownStats(ben)).toEqual(benBefore);
    const drills = await ben.client.get(
      `/api/user-subject-stats?subject_id=${bank.subject.id}&user_test_type=wrong_answers`,
    );
    expect(drills.json().data).toMatchObject({ attempts: 1, correct: 0 });
  });

  it('submit then delete leaves the population as it was', async () => {
    const before = await population();
    const dani = await student();
    const id = await take(dani, practice, (i) => i < 4);
    // A second student's attempt in between, so the delete is not just an undo of the last write.
    const eva = await student();
    const evaAttempt = await take(eva, practice, (i) => i > 1);
    const withBoth = await population();
    expect(withBoth).not.toEqual(before);

    expect((await deleteAttempt(dani, id)).statusCode).toBe(200);
    expect((await deleteAttempt(eva, evaAttempt)).statusCode).toBe(200);
    expectSamePopulation(await population(), before);
  });
});
