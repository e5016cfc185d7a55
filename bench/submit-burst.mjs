// The database work of a classroom's submit: STUDENTS students of one PAES M1 mock exam (65
// questions, every one answered) send it at the same instant through `submitAttempt`, in process,
// on PostgreSQL. Reports submit p50/p95/max and the burst's total time, then (once the population
// queue is drained) checks that the population aggregates and stem_stats hold exactly what a
// rebuild from the stored attempts gives: nothing lost, nothing counted twice. With STARTS=1 the
// exams are also started in one burst (`startAttempt`), and their p50/p95 reported.
//
//   node bench/submit-burst.mjs                      # 500 students
//   STUDENTS=3000 STARTS=1 nice -n 10 node bench/submit-burst.mjs
import pg from 'pg';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/seed/index.ts';
import {
  packages,
  subjects,
  users,
  userSubscriptions,
  userSubscriptionSubjects,
  userTests,
} from '../apps/api/src/db/schema/index.ts';
import { startAttempt } from '../apps/api/src/areas/engine/attempts/start.ts';
import { submitAttempt } from '../apps/api/src/areas/engine/attempts/submit.ts';
// Before the queue existed, the submit wrote the populations itself: nothing to drain.
const populationQueue =
  await import('../apps/api/src/areas/insights/statistics/population-queue.ts').catch(() => ({}));

const STUDENTS = Number(process.env.STUDENTS ?? 500);
const STARTS = process.env.STARTS === '1';
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = process.env.BENCH_DATABASE ?? 'submit_bench';
const SUBJECT = 'Competencia Matemática M1';

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (value) => value.toFixed(0).padStart(6);

const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
await admin.connect();
await admin.query(`drop database if exists ${DATABASE}`);
await admin.query(`create database ${DATABASE}`);
const url = new URL(PG_ADMIN_URL);
url.pathname = `/${DATABASE}`;
const database = await createDatabase({ databaseUrl: url.toString() });
const db = database.db;
try {
  await database.migrate();
  await seedDatabase(db, { demo: true });
  const [subject] = await db.select().from(subjects).where(eq(subjects.name, SUBJECT));
  const [pack] = await db
    .select()
    .from(packages)
    .where(eq(packages.standardTestId, subject.standardTestId))
    .limit(1);

  // Students with access, in bulk (the password is never used).
  const students = await db
    .insert(users)
    .values(
      Array.from({ length: STUDENTS }, (_, i) => ({
        name: 'Alumno',
        lastName: `${i}`,
        email: `burst-${i}@example.cl`,
        passwordHash: 'x',
        emailVerifiedAt: new Date(),
        termsAccepted: true,
      })),
    )
    .returning({ id: users.id });
  const subscriptions = await db
    .insert(userSubscriptions)
    .values(students.map((user) => ({ userId: user.id, packageId: pack.id, status: 'Active' })))
    .returning({ id: userSubscriptions.id });
  await db
    .insert(userSubscriptionSubjects)
    .values(subscriptions.map((row) => ({ userSubscriptionId: row.id, subjectId: subject.id })));

  const now = new Date();
  const body = {
    subject_id: subject.id,
    mode: 'mock_exam',
    random_question: true,
    random_answer: true,
    study_mode: false,
    replace_in_progress: false,
  };
  const startTimes = [];
  const startBegan = performance.now();
  const ids = [];
  const startOne = async (i) => {
    const began = performance.now();
    ids[i] = await startAttempt(db, { id: students[i].id }, body, now);
    startTimes.push(performance.now() - began);
  };
  if (STARTS) {
    await Promise.all(students.map((_, i) => startOne(i)));
  } else {
    // Twenty at a time: only the submits are measured.
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < students.length) await startOne(next++);
      }),
    );
  }
  const startTotal = performance.now() - startBegan;
  // Every question answered with a random choice of its own.
  await db.execute(sql`
    update user_test_stems set chosen_choice_ids = array[(
      select id from stem_choices where stem_choices.stem_id = user_test_stems.stem_id
      order by random() + user_test_stems.user_test_id * 0 limit 1)]
    where user_test_id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);

  // As the server runs it (POPULATION_DRAIN_DELAY_MS); the stop drains what is left.
  const drain = populationQueue.startPopulationDrain?.({
    db,
    delayMs: Number(process.env.POPULATION_DRAIN_DELAY_MS ?? 250),
    log: console,
  });
  const submitTimes = [];
  const later = new Date(now.getTime() + 60_000);
  const began = performance.now();
  const submitOne = async (user, i) => {
    const t0 = performance.now();
    const result = await submitAttempt(db, user.id, ids[i], later);
    submitTimes.push(performance.now() - t0);
    return result;
  };
  // SERIAL=1: one after the other, the cost of one submit without waiting for others.
  const results = [];
  if (process.env.SERIAL === '1') {
    for (const [i, user] of students.entries()) results.push(await submitOne(user, i));
  } else {
    results.push(...(await Promise.all(students.map(submitOne))));
  }
  const total = performance.now() - began;
  const drainBegan = performance.now();
  const left = await db.execute(sql`select count(*)::int as n from population_queue`).then(
    (result) => result.rows[0].n,
    () => 0,
  );
  await drain?.stop();
  const drainTime = performance.now() - drainBegan;

  const unanswered = results.reduce((sum, result) => sum + result.unanswered, 0);
  const submitted = await db.$count(
    userTests,
    and(inArray(userTests.id, ids), eq(userTests.status, 'submitted')),
  );
  const mismatches = await populationMismatches(db);
  submitTimes.sort((a, b) => a - b);
  startTimes.sort((a, b) => a - b);
  console.log(`${STUDENTS} students, one PAES M1 mock exam each, PostgreSQL (${DATABASE})`);
  if (STARTS) {
    console.log(
      `start   p50 ${fmt(percentile(startTimes, 50))} ms  p95 ${fmt(percentile(startTimes, 95))} ms  max ${fmt(startTimes.at(-1))} ms  burst ${fmt(startTotal)} ms`,
    );
  }
  console.log(
    `submit  p50 ${fmt(percentile(submitTimes, 50))} ms  p95 ${fmt(percentile(submitTimes, 95))} ms  max ${fmt(submitTimes.at(-1))} ms  burst ${fmt(total)} ms`,
  );
  console.log(
    `queued when the burst ended: ${left}, drained in ${drainTime.toFixed(0)} ms; submitted ${submitted}/${STUDENTS}, unanswered ${unanswered}, aggregate mismatches ${mismatches.length}`,
  );
  if (mismatches.length > 0) {
    console.error(mismatches.slice(0, 10));
    process.exitCode = 1;
  }
  if (submitted !== STUDENTS || unanswered !== 0) process.exitCode = 1;
} finally {
  await database.close();
  await admin.query(`drop database if exists ${DATABASE}`);
  await admin.end();
}

/**
 * The population aggregates and stem_stats rebuilt from the stored attempts (as the migrations
 * build them), compared with what the submits left: the rows that differ.
 */
async function populationMismatches(db) {
  const rows = async (query) => (await db.execute(query)).rows;
  const stemRebuilt = sql`
    select uts.stem_id, count(*)::int as answered,
      (count(*) filter (where uts.is_correct is not true))::int as wrong
    from user_test_stems uts
    join user_tests ut on ut.id = uts.user_test_id and ut.user_id = uts.user_id
    where ut.status = 'submitted' and ut.counts_for_population and ut.mode <> 'wrong_answers'
      and cardinality(uts.chosen_choice_ids) > 0
    group by uts.stem_id`;
  const stemDiff = await rows(sql`
    select coalesce(a.stem_id, b.stem_id) as stem_id, a.answered, a.wrong, b.answered as kept_answered, b.wrong as kept_wrong
    from (${stemRebuilt}) a full join (select * from stem_stats where answered > 0) b on a.stem_id = b.stem_id
    where a.answered is distinct from b.answered or a.wrong is distinct from b.wrong`);
  const subjectRebuilt = sql`
    select subject_id, type, count(*)::int as students, sum(p) as sum
    from (
      select user_id, subject_id, type, sum(correct) * 100.0 / sum(questions) as p
      from (
        select user_id, subject_id, type, correct - excluded_correct as correct, questions - excluded_questions as questions from user_subject_stats where type in ('custom', 'official')
        union all select user_id, subject_id, 'all', correct - excluded_correct, questions - excluded_questions from user_subject_stats where type in ('custom', 'official')
        union all select user_id, 0, type, correct - excluded_correct, questions - excluded_questions from user_subject_stats where type in ('custom', 'official')
        union all select user_id, 0, 'all', correct - excluded_correct, questions - excluded_questions from user_subject_stats where type in ('custom', 'official')
      ) scoped group by user_id, subject_id, type having sum(questions) > 0
    ) per_student group by subject_id, type`;
  const subjectDiff = await rows(sql`
    select coalesce(a.subject_id, b.subject_id) as subject_id, coalesce(a.type, b.type) as type,
      a.students, b.students as kept_students, a.sum, b.sum as kept_sum
    from (${subjectRebuilt}) a
    full join (select subject_id, type, sum(students)::int as students, sum(percentage_sum) as sum
      from subject_population_stats group by subject_id, type having sum(students) > 0) b
      on a.subject_id = b.subject_id and a.type = b.type
    where a.students is distinct from b.students or abs(a.sum - b.sum) > 1e-6 * greatest(1, abs(a.sum))`);
  const themeRebuilt = sql`
    select theme_id, type, count(*)::int as students, sum(questions)::int as questions, sum(correct)::int as correct
    from (
      select user_id, theme_id, type, sum(questions) as questions, sum(correct) as correct
      from (
        select user_id, theme_id, type, questions - excluded_questions as questions, correct - excluded_correct as correct from user_theme_stats where type in ('custom', 'official')
        union all select user_id, theme_id, 'all', questions - excluded_questions, correct - excluded_correct from user_theme_stats where type in ('custom', 'official')
      ) scoped group by user_id, theme_id, type having sum(questions) > 0
    ) per_student group by theme_id, type`;
  const themeDiff = await rows(sql`
    select coalesce(a.theme_id, b.theme_id) as theme_id, coalesce(a.type, b.type) as type,
      a.students, b.students as kept_students, a.correct, b.correct as kept_correct
    from (${themeRebuilt}) a
    full join (select theme_id, type, sum(students)::int as students, sum(questions)::int as questions, sum(correct)::int as correct
      from theme_population_stats group by theme_id, type having sum(students) > 0) b
      on a.theme_id = b.theme_id and a.type = b.type
    where a.students is distinct from b.students or a.questions is distinct from b.questions or a.correct is distinct from b.correct`);
  return [
    ...stemDiff.map((row) => ({ table: 'stem_stats', ...row })),
    ...subjectDiff.map((row) => ({ table: 'subject_population_stats', ...row })),
    ...themeDiff.map((row) => ({ table: 'theme_population_stats', ...row })),
  ];
}
