import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Attempt } from '@ensaya/core/contracts/engine';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess, type TestBank } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';

// Migration 0006 rebuilds, from the attempts, the aggregates of the students who sent a drill and
// every population. Run again on a database the code kept, it must find nothing to change (the
// rebuild and the code count the same way); run on drills counted as practice, as before it, it
// must give what the code keeps now. On PostgreSQL the run's database is shared by the test
// files, and the rebuild touches every population, so this runs on its own PGlite only.

const MIGRATION = new URL('../../../../drizzle/0006_drills_own_kind.sql', import.meta.url);
const onPglite = !process.env.TEST_DATABASE_URL;

let t: TestApp;
let bank: TestBank;

beforeAll(async () => {
  t = await buildTestApp();
  bank = await createBank(t.db, { weights: [50, 50], perTheme: 6, questionCount: 8 });
});
afterAll(async () => {
  await t.close();
});

async function rows(query: string) {
  return ((await t.db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
}

async function aggregates() {
  return {
    subjects: await rows(
      `select user_id, subject_id, type, attempts, questions, correct, incorrect, unanswered,
        score_sum, round(percentage_sum::numeric, 6) as p, passed_count, excluded_questions,
        excluded_correct from user_subject_stats where attempts > 0 order by 1, 2, 3`,
    ),
    themes: await rows(
      `select * from user_theme_stats where questions > 0 order by user_id, theme_id, type`,
    ),
    populations: await rows(
      `select subject_id, type, sum(students)::int as students,
        round(sum(percentage_sum)::numeric, 6) as p from subject_population_stats
        group by 1, 2 having sum(students) > 0 order by 1, 2`,
    ),
    stems: await rows(`select * from stem_stats where answered > 0 order by stem_id`),
  };
}

async function take(client: TestClient, body: object, right: (index: number) => boolean) {
  const started = await client.post('/api/user-tests', { subject_id: bank.subject.id, ...body });
  expect(started.statusCode, started.body).toBe(201);
  const attempt: Attempt = started.json().data;
  // A timed attempt takes answers once the instructions are continued.
  await client.post(`/api/user-tests/${attempt.id}/begin`);
  const stems = attempt.questions.map((question, index) => {
    const stem = bank.bank.find((candidate) => candidate.id === question.stem_id)!;
    return {
      stem_id: stem.id,
      stem_choice_ids: [right(index) ? stem.keyId : stem.wrongId],
      is_marked: false,
      seq: 1,
    };
  });
  await client.post(`/api/user-tests/${attempt.id}/stems`, { stems });
  expect((await client.post(`/api/user-tests/${attempt.id}/submit`)).statusCode).toBe(200);
}

describe.runIf(onPglite)('migration 0006 (drills are their own kind)', () => {
  it('rebuilds the aggregates exactly as the code keeps them', async () => {
    for (let k = 0; k < 2; k++) {
      const user = await createStudent(t.db);
      await grantAccess(t.db, user.id, bank.subject.id);
      const client = new TestClient(t.app, { language: 'en' });
      await client.login(user.email, TEST_PASSWORD);
      await take(client, { mode: 'practice', selection: { value: 2, limit: 6 } }, (i) => i < 3 + k);
      await take(client, { mode: 'mock_exam' }, (i) => i % 2 === k);
      await take(client, { mode: 'wrong_answers', wrong_source: 'own' }, (i) => i === 0);
      await take(client, { mode: 'wrong_answers', wrong_source: 'general' }, () => false);
    }
    const before = await aggregates();
    expect(before.subjects.some((row) => (row as { type: string }).type === 'wrong_answers')).toBe(
      true,
    );
    const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of statements) {
        if (statement.trim()) await t.db.execute(sql.raw(statement));
      }
    };
    await migrate();
    expect(await aggregates()).toEqual(before);

    // As before 0006: each drill inside the student's custom rows; then the migration moves it.
    await t.db.execute(sql`
      update user_subject_stats c set attempts = c.attempts + d.attempts,
        questions = c.questions + d.questions, correct = c.correct + d.correct,
        incorrect = c.incorrect + d.incorrect, unanswered = c.unanswered + d.unanswered,
        percentage_sum = c.percentage_sum + d.percentage_sum,
        passed_count = c.passed_count + d.passed_count,
        excluded_questions = c.excluded_questions + d.excluded_questions,
        excluded_correct = c.excluded_correct + d.excluded_correct
      from user_subject_stats d
      where d.type = 'wrong_answers' and c.type = 'custom' and c.user_id = d.user_id
        and c.subject_id = d.subject_id`);
    await t.db.execute(sql`delete from user_subject_stats where type = 'wrong_answers'`);
    await t.db.execute(sql`delete from user_theme_stats where type = 'wrong_answers'`);
    await t.db.execute(sql`delete from subject_population_stats`);
    expect(await aggregates()).not.toEqual(before);
    await migrate();
    expect(await aggregates()).toEqual(before);
  });
});
