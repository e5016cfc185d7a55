import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { bellCurvePoints } from '@ensaya/core/statistics/bell-curve';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { drainPopulationQueueFully } from './population-queue.ts';

// Every statistics endpoint against a recomputation straight from the attempts (user_tests,
// user_test_themes, user_test_stems), after submits and again after single and multiple deletes.
// The comparison with all students counts only attempts with `counts_for_population` (retakes of
// questions whose keys the student has seen do not); the student's own figures count every one.

let t: TestApp;
let bankA: TestBank;
let bankB: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bankA = await createBank(t.db, { weights: [50, 30, 20], perTheme: 8, questionCount: 12 });
  bankB = await createBank(t.db, { weights: [60, 40], perTheme: 8, questionCount: 10 });
});
afterAll(async () => {
  await t.close();
});

type Student = { id: number; client: TestClient };

async function student(access: number[]): Promise<Student> {
  const user = await createStudent(t.db);
  for (const subjectId of access) await grantAccess(t.db, user.id, subjectId);
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { id: user.id, client };
}

type Outcome = 'correct' | 'wrong' | 'skip';

/** Starts, answers by `pattern` (question index -> outcome) and submits; returns the attempt id. */
async function take(
  who: Student,
  bank: TestBank,
  mode: 'practice' | 'mock_exam' | { retake: number } | 'own_wrong_answers',
  pattern: (index: number) => Outcome,
  limit = 8,
): Promise<number> {
  const body =
    mode === 'practice'
      ? {
          subject_id: bank.subject.id,
          mode,
          selection: { value: 2, limit },
          random_question: true,
        }
      : mode === 'mock_exam'
        ? { subject_id: bank.subject.id, mode }
        : mode === 'own_wrong_answers'
          ? { subject_id: bank.subject.id, mode: 'wrong_answers', wrong_source: 'own' }
          : { subject_id: bank.subject.id, mode: 'historical', source_user_test_id: mode.retake };
  const started = await who.client.post('/api/user-tests', body);
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  // A timed attempt takes answers once the instructions are continued.
  await who.client.post(`/api/user-tests/${attempt.id}/begin`);
  const stems = attempt.questions.flatMap((question, index) => {
    const outcome = pattern(index);
    if (outcome === 'skip') return [];
    const stem = bank.bank.find((candidate) => candidate.id === question.stem_id)!;
    return [
      {
        stem_id: question.stem_id,
        stem_choice_ids: [outcome === 'correct' ? stem.keyId : stem.wrongId],
        is_marked: index % 5 === 0,
        seq: 1,
      },
    ];
  });
  if (stems.length > 0) {
    const saved = await who.client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const sent = await who.client.post(`/api/user-tests/${attempt.id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  return attempt.id;
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const pct = (part: number, whole: number) => (whole > 0 ? round2((part * 100) / whole) : 0);
const avg = (sum: number, count: number) => (count > 0 ? round2(sum / count) : 0);

type AttemptRow = {
  subject_id: number;
  type: 'custom' | 'official';
  /** core `statsKindOf`: a wrong-answers drill is its own kind. */
  kind: 'custom' | 'official' | 'wrong_answers';
  total: number;
  correct: number;
  incorrect: number;
  unanswered: number;
  score: number;
  passed: boolean;
};

/** The student's sent attempts, totals checked against their questions one by one. */
async function sentAttempts(userId: number): Promise<AttemptRow[]> {
  const attempts = await rows<AttemptRow & { id: number }>(sql`
    select id::int, subject_id, type,
      case when mode = 'wrong_answers' then 'wrong_answers' else type end as kind,
      total_test_stems as total, total_correct as correct,
      total_incorrect as incorrect, total_unanswered as unanswered, score, passed
    from user_tests where user_id = ${userId} and status = 'submitted' order by id`);
  const perQuestion = await rows<{ id: number; total: number; correct: number; skipped: number }>(
    sql`select user_test_id::int as id, count(*)::int as total,
        count(*) filter (where is_correct)::int as correct,
        count(*) filter (where cardinality(chosen_choice_ids) = 0)::int as skipped
      from user_test_stems where user_id = ${userId} group by user_test_id order by 1`,
  );
  const sent = attempts.map((attempt) => attempt.id);
  expect(perQuestion.filter((row) => sent.includes(row.id))).toEqual(
    attempts.map((attempt) => ({
      id: attempt.id,
      total: attempt.total,
      correct: attempt.correct,
      skipped: attempt.unanswered,
    })),
  );
  return attempts;
}

function totalsOf(attempts: AttemptRow[]) {
  const sum = (pick: (attempt: AttemptRow) => number) =>
    attempts.reduce((total, attempt) => total + pick(attempt), 0);
  return {
    attempts: attempts.length,
    questions: sum((a) => a.total),
    correct: sum((a) => a.correct),
    incorrect: sum((a) => a.incorrect),
    unanswered: sum((a) => a.unanswered),
    score_sum: sum((a) => a.score),
    passed_count: sum((a) => (a.passed ? 1 : 0)),
    percentage_sum: sum((a) => (a.total > 0 ? (a.correct * 100) / a.total : 0)),
  };
}

/**
 * Per theme of the subject the counts of the given student's sent attempts; with no student, of
 * every student's attempts that count for the population.
 */
async function themeCounts(subjectId: number, type: string | null, userId: number | null) {
  return rows<{
    theme_id: number;
    name: string;
    user_id: number | null;
    correct: number;
    incorrect: number;
    unanswered: number;
  }>(sql`
    select th.id as theme_id, th.name, c.user_id,
      coalesce(c.correct, 0)::int as correct,
      coalesce(c.incorrect, 0)::int as incorrect,
      coalesce(c.unanswered, 0)::int as unanswered
    from themes th
    left join (
      select utt.theme_id, ut.user_id, sum(utt.correct) as correct,
        sum(utt.incorrect) as incorrect, sum(utt.unanswered) as unanswered
      from user_test_themes utt join user_tests ut on ut.id = utt.user_test_id
      where ut.status = 'submitted'
        and ((${type}::text is null and ut.mode <> 'wrong_answers')
          or (case when ut.mode = 'wrong_answers' then 'wrong_answers' else ut.type end) = ${type}::text)
        and (${userId}::int is null or ut.user_id = ${userId}::int)
        and (${userId}::int is not null or ut.counts_for_population)
      group by utt.theme_id, ut.user_id
    ) c on c.theme_id = th.id
    where th.subject_id = ${subjectId}
    order by th.position, th.id, c.user_id`);
}

async function ownThemeStats(userId: number, subjectId: number, type: string | null) {
  const counts = await themeCounts(subjectId, type, userId);
  const themes = [...new Map(counts.map((row) => [row.theme_id, row.name])).entries()];
  return themes.map(([themeId, name]) => {
    const row = counts.find((count) => count.theme_id === themeId && count.user_id === userId);
    const correct = row?.correct ?? 0;
    const incorrect = row?.incorrect ?? 0;
    const unanswered = row?.unanswered ?? 0;
    const questions = correct + incorrect + unanswered;
    return { theme_id: themeId, name, questions, correct, incorrect, unanswered };
  });
}

/**
 * Every student's % correct in a subject (or all subjects), from their attempts: those that count
 * for the population, or every one of `userId`'s.
 */
async function studentPercentages(subjectId: number | null, userId: number | null = null) {
  const perStudent = await rows<{ user_id: number; correct: number; total: number }>(sql`
    select user_id, sum(total_correct)::int as correct, sum(total_test_stems)::int as total
    from user_tests where status = 'submitted'
      and (${subjectId}::int is null or subject_id = ${subjectId}::int)
      and (${userId}::int is null or user_id = ${userId}::int)
      and (${userId}::int is not null or counts_for_population)
      and mode <> 'wrong_answers'
    group by user_id having sum(total_test_stems) > 0`);
  return perStudent.map((row) => ({ userId: row.user_id, p: (row.correct * 100) / row.total }));
}

function spread(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return { mean, sd: Math.sqrt(variance) };
}

async function expectedGauss(userId: number, subjectId: number | null) {
  const students = await studentPercentages(subjectId);
  const { mean, sd } = spread(students.map((row) => row.p));
  // The student's own point counts every attempt of theirs.
  const [own] = await studentPercentages(subjectId, userId);
  return { students: students.length, mean, sd, own: own?.p ?? null };
}

function expectGauss(
  actual: {
    students: number;
    mean: number;
    standard_deviation: number;
    points: Array<{ x: number; y: number }>;
    user: { percentage: number; y: number } | null;
  },
  expected: Awaited<ReturnType<typeof expectedGauss>>,
) {
  expect(actual.students).toBe(expected.students);
  expect(actual.mean).toBeCloseTo(expected.mean, 1);
  expect(actual.standard_deviation).toBeCloseTo(expected.sd, 1);
  const points = bellCurvePoints(expected.mean, expected.sd);
  expect(actual.points).toHaveLength(points.length);
  actual.points.forEach((point, index) => {
    expect(point.x).toBeCloseTo(points[index]!.x, 2);
    expect(point.y).toBeCloseTo(points[index]!.y, 6);
  });
  if (expected.own === null) expect(actual.user).toBeNull();
  else expect(actual.user!.percentage).toBeCloseTo(expected.own, 2);
}

async function getData(who: Student, url: string) {
  const response = await who.client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data;
}

/** Compares every statistics endpoint of `who` with the recomputation. */
async function expectStatisticsMatchAttempts(who: Student) {
  const attempts = await sentAttempts(who.id);
  const subjectIds = [bankA.subject.id, bankB.subject.id];

  for (const subjectId of subjectIds) {
    for (const type of [undefined, 'custom', 'official', 'wrong_answers'] as const) {
      // No kind: practice and mock exams together, drills left out.
      const own = attempts.filter(
        (attempt) =>
          attempt.subject_id === subjectId &&
          (type ? attempt.kind === type : attempt.kind !== 'wrong_answers'),
      );
      const totals = totalsOf(own);
      const query = `subject_id=${subjectId}${type ? `&user_test_type=${type}` : ''}`;
      expect(await getData(who, `/api/user-subject-stats?${query}`)).toMatchObject({
        subject_id: subjectId,
        user_test_type: type ?? null,
        attempts: totals.attempts,
        questions: totals.questions,
        correct: totals.correct,
        incorrect: totals.incorrect,
        unanswered: totals.unanswered,
        score_sum: totals.score_sum,
        passed_count: totals.passed_count,
        correct_percentage: pct(totals.correct, totals.questions),
        average_percentage: avg(totals.percentage_sum, totals.attempts),
        average_score: avg(totals.score_sum, totals.attempts),
      });

      const themes = await ownThemeStats(who.id, subjectId, type ?? null);
      expect(await getData(who, `/api/themes-stats?${query}`)).toEqual(
        themes.map((theme) => ({
          ...theme,
          correct_percentage: pct(theme.correct, theme.questions),
        })),
      );
      expect(await getData(who, `/api/correct-stems-by-theme?${query}`)).toEqual(
        themes.map((theme) => ({
          theme_id: theme.theme_id,
          name: theme.name,
          total_test_stems: theme.questions,
          total_correct_quantity: theme.correct,
          correct_percentage: pct(theme.correct, theme.questions),
        })),
      );
      expect(await getData(who, `/api/user-theme-stats-column?${query}`)).toEqual({
        themes: themes.map((theme) => ({ theme_id: theme.theme_id, name: theme.name })),
        series: [
          { key: 'correct', data: themes.map((theme) => theme.correct) },
          { key: 'incorrect', data: themes.map((theme) => theme.incorrect) },
          { key: 'unanswered', data: themes.map((theme) => theme.unanswered) },
        ],
      });

      // All students of the subject (the subject is this file's own, so nobody else writes it).
      const everyone = await themeCounts(subjectId, type ?? null, null);
      const general = await getData(who, `/api/themes-stats-general?${query}`);
      expect(general.map((row: { theme_id: number }) => row.theme_id)).toEqual(
        themes.map((theme) => theme.theme_id),
      );
      for (const row of general) {
        const students = everyone.filter(
          (count) =>
            count.theme_id === row.theme_id &&
            count.user_id !== null &&
            count.correct + count.incorrect + count.unanswered > 0,
        );
        const sum = (pick: (count: (typeof students)[number]) => number) =>
          students.reduce((total, count) => total + pick(count), 0);
        const questions = sum((c) => c.correct + c.incorrect + c.unanswered);
        expect(row).toMatchObject({
          students: students.length,
          questions,
          correct: sum((c) => c.correct),
          incorrect: sum((c) => c.incorrect),
          unanswered: sum((c) => c.unanswered),
          correct_percentage: pct(
            sum((c) => c.correct),
            questions,
          ),
        });
        const mean =
          students.length === 0
            ? 0
            : sum((c) => (c.correct * 100) / (c.correct + c.incorrect + c.unanswered)) /
              students.length;
        expect(row.average_percentage).toBeCloseTo(mean, 1);
      }

      if (!type) {
        expectGauss(
          await getData(who, `/api/my-percentages-gauss?subject_id=${subjectId}`),
          await expectedGauss(who.id, subjectId),
        );
      }
    }
  }

  const measured = attempts.filter((attempt) => attempt.kind !== 'wrong_answers');
  const bySubject = subjectIds
    .map((subjectId) => ({
      subjectId,
      totals: totalsOf(measured.filter((attempt) => attempt.subject_id === subjectId)),
    }))
    .filter((entry) => entry.totals.attempts > 0);
  expect(await getData(who, `/api/my-percentages?user_id=${who.id}`)).toEqual(
    bySubject.map(({ subjectId, totals }) => ({
      subject_id: subjectId,
      name: subjectId === bankA.subject.id ? bankA.subject.name : bankB.subject.name,
      correct_percentage: pct(totals.correct, totals.questions),
      sumCorrect: totals.correct,
      sumTotal: totals.questions,
    })),
  );

  const averages = subjectIds.flatMap((subjectId) =>
    (['custom', 'official', 'wrong_answers'] as const).flatMap((type) => {
      const totals = totalsOf(
        attempts.filter((attempt) => attempt.subject_id === subjectId && attempt.kind === type),
      );
      if (totals.attempts === 0) return [];
      return [
        {
          subject_id: subjectId,
          user_test_type: type,
          attempts: totals.attempts,
          average_score: avg(totals.score_sum, totals.attempts),
          average_percentage: avg(totals.percentage_sum, totals.attempts),
          correct_percentage: pct(totals.correct, totals.questions),
          passed_count: totals.passed_count,
        },
      ];
    }),
  );
  const averageList = await getData(who, '/api/average-list');
  expect(averageList).toHaveLength(averages.length);
  for (const expected of averages) {
    expect(averageList).toContainEqual(expect.objectContaining(expected));
  }

  const byType = (['custom', 'official', 'wrong_answers'] as const).flatMap((type) => {
    const totals = totalsOf(attempts.filter((attempt) => attempt.kind === type));
    if (totals.attempts === 0) return [];
    return [
      {
        user_test_type: type,
        attempts: totals.attempts,
        total_test_stems: totals.questions,
        total_correct_quantity: totals.correct,
        average_correct: avg(totals.correct, totals.attempts),
        average_total: avg(totals.questions, totals.attempts),
      },
    ];
  });
  expect(await getData(who, '/api/correct-stems-by-type')).toEqual(byType);

  // Over all subjects other test files may write at the same time (one PostgreSQL database for
  // the run), and their changes reach the shared rows through the population queue, drained by
  // their own requests or, for the servers of the two-instance suite, after a delay. Fold in what
  // is queued, then compare once the recomputation is the same before and after the calls and the
  // calls count the same students (a submit committed in between is folded in on the next try);
  // a real difference stays and fails on the last try.
  for (let tries = 0; ; tries++) {
    await drainPopulationQueueFully(t.db);
    const before = await expectedGauss(who.id, null);
    const dashboard = await getData(who, '/api/dashboard');
    const gauss = await getData(who, '/api/my-percentages-gauss');
    const after = await expectedGauss(who.id, null);
    const isSettled =
      JSON.stringify(before) === JSON.stringify(after) &&
      gauss.students === after.students &&
      dashboard.gauss.students === after.students;
    if (!isSettled && tries < 10) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    expectGauss(gauss, after);
    expectGauss(dashboard.gauss, after);
    const all = totalsOf(measured);
    expect(dashboard).toMatchObject({
      has_attempts: attempts.length > 0,
      average: {
        percentage: pct(all.correct, all.questions),
        correct: all.correct,
        total: all.questions,
      },
      subjects: await getData(who, '/api/my-percentages'),
      correct_by_type: byType,
    });
    const official = bySubject.flatMap(({ subjectId }) => {
      const totals = totalsOf(
        attempts.filter((a) => a.subject_id === subjectId && a.kind === 'official'),
      );
      return totals.attempts === 0
        ? []
        : [{ subject_id: subjectId, average_score: avg(totals.score_sum, totals.attempts) }];
    });
    expect(
      dashboard.scores.map((row: { subject_id: number; average_score: number }) => ({
        subject_id: row.subject_id,
        average_score: row.average_score,
      })),
    ).toEqual(official);
    break;
  }
}

/** stem_stats against the questions of every sent attempt of the file's subjects. */
async function expectStemStatsMatchAttempts() {
  const subjectIds = [bankA.subject.id, bankB.subject.id];
  const expected = await rows<{ stem_id: number; answered: number; wrong: number }>(sql`
    select uts.stem_id,
      count(*) filter (where cardinality(uts.chosen_choice_ids) > 0)::int as answered,
      count(*) filter (where cardinality(uts.chosen_choice_ids) > 0 and not uts.is_correct)::int as wrong
    from user_test_stems uts join user_tests ut on ut.id = uts.user_test_id
    where ut.status = 'submitted' and ut.counts_for_population
      and ut.subject_id in (${subjectIds[0]!}, ${subjectIds[1]!})
    group by uts.stem_id order by uts.stem_id`);
  const actual = await rows<{ stem_id: number; answered: number; wrong: number }>(sql`
    select stem_id, answered, wrong from stem_stats
    where subject_id in (${subjectIds[0]!}, ${subjectIds[1]!}) and answered > 0
    order by stem_id`);
  expect(actual).toEqual(expected.filter((row) => row.answered > 0));
}

describe('statistics from the aggregates', () => {
  let ana: Student;
  let ben: Student;
  let cata: Student;
  const anaAttempts: number[] = [];

  beforeAll(async () => {
    ana = await student([bankA.subject.id, bankB.subject.id]);
    ben = await student([bankA.subject.id]);
    cata = await student([bankA.subject.id, bankB.subject.id]);
    const patterns: Array<(i: number) => Outcome> = [
      (i) => (i % 2 === 0 ? 'correct' : 'wrong'),
      (i) => (i % 3 === 0 ? 'skip' : 'correct'),
      (i) => (i < 2 ? 'correct' : 'wrong'),
      () => 'correct',
      () => 'skip',
    ];
    anaAttempts.push(await take(ana, bankA, 'practice', patterns[0]!));
    anaAttempts.push(await take(ana, bankA, 'mock_exam', patterns[1]!));
    anaAttempts.push(await take(ana, bankA, 'practice', patterns[2]!, 5));
    anaAttempts.push(await take(ana, bankB, 'mock_exam', patterns[3]!));
    anaAttempts.push(await take(ana, bankB, 'practice', patterns[4]!, 4));
    anaAttempts.push(await take(ana, bankA, 'mock_exam', patterns[2]!));
    // Retakes with the keys seen: in Ana's own figures, not in everyone's.
    anaAttempts.push(await take(ana, bankA, { retake: anaAttempts[1]! }, patterns[3]!));
    anaAttempts.push(await take(ana, bankA, 'own_wrong_answers', patterns[3]!));
    await take(ben, bankA, 'practice', patterns[3]!);
    await take(ben, bankA, 'mock_exam', patterns[0]!);
    const cataPractice = await take(cata, bankA, 'practice', patterns[2]!, 10);
    await take(cata, bankB, 'practice', patterns[1]!);
    await take(cata, bankA, { retake: cataPractice }, patterns[3]!);
  });

  it('match a recomputation from the attempts after submits', async () => {
    await expectStatisticsMatchAttempts(ana);
    await expectStatisticsMatchAttempts(ben);
    await expectStatisticsMatchAttempts(cata);
    await expectStemStatsMatchAttempts();
  });

  it('match again after a single delete and a multiple delete', async () => {
    const one = await ana.client.request({
      method: 'DELETE',
      url: `/api/user-tests/${anaAttempts[1]}`,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: 'The test was deleted.', deleted: 1 });
    await expectStatisticsMatchAttempts(ana);
    await expectStemStatsMatchAttempts();

    const many = await ana.client.request({
      method: 'DELETE',
      url: '/api/user-tests',
      payload: { user_test_ids: [anaAttempts[0], anaAttempts[3], anaAttempts[4], anaAttempts[6]] },
    });
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json()).toEqual({ message: '4 tests were deleted.', deleted: 4 });
    await expectStatisticsMatchAttempts(ana);
    await expectStatisticsMatchAttempts(ben);
    await expectStatisticsMatchAttempts(cata);
    await expectStemStatsMatchAttempts();

    // Every attempt gone: the aggregates are back to nothing, not to rounding dust.
    await ana.client.request({
      method: 'DELETE',
      url: '/api/user-tests',
      payload: { user_test_ids: [anaAttempts[2], anaAttempts[5], anaAttempts[7]] },
    });
    await expectStatisticsMatchAttempts(ana);
    const [stats] = await rows<{ attempts: number; percentage_sum: number }>(sql`
      select sum(attempts)::int as attempts, sum(percentage_sum)::float8 as percentage_sum
      from user_subject_stats where user_id = ${ana.id}`);
    expect(stats).toEqual({ attempts: 0, percentage_sum: 0 });
    const dashboard = await getData(ana, '/api/dashboard');
    expect(dashboard).toMatchObject({
      has_attempts: false,
      average: { percentage: 0, correct: 0, total: 0 },
      subjects: [],
      scores: [],
      correct_by_type: [],
    });
    expect(dashboard.gauss.user).toBeNull();
  });

  it('answers 404 for another student’s user_id and an unknown subject, 422 for bad input', async () => {
    for (const url of [
      `/api/user-subject-stats?subject_id=${bankA.subject.id}&user_id=${ben.id}`,
      `/api/my-percentages?user_id=${ben.id}`,
      `/api/my-percentages-gauss?user_id=${ben.id}`,
      `/api/average-list?user_id=${ben.id}`,
      `/api/themes-stats?subject_id=${bankA.subject.id}&user_id=${ben.id}`,
      `/api/themes-stats-general?subject_id=${bankA.subject.id}&user_id=${ben.id}`,
      `/api/correct-stems-by-type?user_id=${ben.id}`,
      `/api/correct-stems-by-theme?subject_id=${bankA.subject.id}&user_id=${ben.id}`,
      `/api/user-theme-stats-column?subject_id=${bankA.subject.id}&user_id=${ben.id}`,
      '/api/themes-stats?subject_id=2147483000',
    ]) {
      expect((await cata.client.get(url)).statusCode, url).toBe(404);
    }
    expect(
      (
        await cata.client.get(
          `/api/user-subject-stats?subject_id=${bankA.subject.id}&user_id=${cata.id}`,
        )
      ).statusCode,
    ).toBe(200);
    expect((await cata.client.get('/api/themes-stats')).statusCode).toBe(422);
    expect(
      (await cata.client.get(`/api/themes-stats?subject_id=${bankA.subject.id}&user_test_type=x`))
        .statusCode,
    ).toBe(422);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/dashboard')).statusCode).toBe(401);
  });
});
