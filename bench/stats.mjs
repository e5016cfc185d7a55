// Statistics and dashboard latency at 10 thousand, 100 thousand and 1 million stored attempts
// (DESIGN.md, "Performance budgets": p95 stays flat; issue 6: p95 at 1M within 1.5x of 10k).
// `npm run bench:stats` (PostgreSQL: TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
//
// It makes a database of its own (dropped at the end), migrates it and seeds the demo data, then
// grows the attempts in bulk with generate_series straight into user_tests and user_test_themes,
// rebuilds the aggregates of the synthetic students from them, and times each endpoint through
// buildApp + app.inject, signed in as the demo student (48 attempts of her own), over REQUESTS
// requests after a warm-up. Synthetic students take 20 attempts each, so their number grows with
// the attempts (500, 5 000, 50 000).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { testConfig } from '../apps/api/src/config.ts';
import { createDatabase } from '../apps/api/src/db/client.ts';
import { seedDatabase } from '../apps/api/src/db/seed/index.ts';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/demo-accounts.ts';

const SIZES = [10_000, 100_000, 1_000_000];
const ATTEMPTS_PER_STUDENT = 20;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
let requestCount = 0;
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const name = `ensaya_bench_stats_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const database = await createDatabase({ databaseUrl: url.toString() });
const sqlClient = new pg.Client({ connectionString: url.toString() });
let app;
try {
  await database.migrate();
  console.log('seeding the demo data…');
  await seedDatabase(database.db, { demo: true });
  await sqlClient.connect();
  app = await buildApp({ config: testConfig({ databaseUrl: url.toString() }), database });
  await app.ready();
  const cookies = await login(app);
  const { rows: subjectRows } = await sqlClient.query(
    `select s.id from subjects s order by s.standard_test_id, s.position, s.id limit 1`,
  );
  const subjectId = subjectRows[0].id;
  const endpoints = [
    `/api/subjects/${subjectId}/user-tests?type=custom&sort=date&order=desc&page=1&per_page=10`,
    `/api/subjects/${subjectId}/user-tests?type=official&sort=score&order=desc&page=1&per_page=10`,
    `/api/user-subject-stats?subject_id=${subjectId}`,
    '/api/my-percentages',
    `/api/my-percentages-gauss?subject_id=${subjectId}`,
    '/api/my-percentages-gauss',
    '/api/average-list',
    `/api/themes-stats?subject_id=${subjectId}`,
    `/api/themes-stats-general?subject_id=${subjectId}`,
    '/api/correct-stems-by-type',
    `/api/correct-stems-by-theme?subject_id=${subjectId}`,
    `/api/user-theme-stats-column?subject_id=${subjectId}`,
    '/api/dashboard',
  ];

  const results = {};
  let stored = Number((await sqlClient.query('select count(*) from user_tests')).rows[0].count);
  for (const size of SIZES) {
    const started = Date.now();
    await grow(sqlClient, size - stored, stored);
    stored = size;
    console.log(
      `\n${size.toLocaleString('en')} attempts (generated in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const path of endpoints) {
      const times = await measure(app, cookies, path);
      (results[path] ??= {})[size] = times;
      console.log(
        `  ${path.padEnd(90)} p50 ${times.p50.toFixed(2).padStart(7)} ms  p95 ${times.p95.toFixed(2).padStart(7)} ms`,
      );
    }
  }

  console.log(
    '\n| endpoint | ' +
      SIZES.map((s) => `p50 / p95 at ${label(s)} (ms)`).join(' | ') +
      ' | p95 1M / 10k |',
  );
  console.log('| --- | ' + SIZES.map(() => '---').join(' | ') + ' | --- |');
  for (const [path, bySize] of Object.entries(results)) {
    const cells = SIZES.map((s) => `${bySize[s].p50.toFixed(2)} / ${bySize[s].p95.toFixed(2)}`);
    const ratio = bySize[SIZES.at(-1)].p95 / bySize[SIZES[0]].p95;
    console.log(
      `| \`${path.replace(/\?.*/, '')}${path.includes('?') ? '?…' : ''}\` | ${cells.join(' | ')} | ${ratio.toFixed(2)} |`,
    );
  }
} finally {
  await app?.close();
  await sqlClient.end().catch(() => {});
  await database.close();
  const cleanup = new pg.Client({ connectionString: serverUrl });
  await cleanup.connect();
  await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await cleanup.end();
}

function label(size) {
  return size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
}

async function login(app) {
  const csrf = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
  const jar = new Map(csrf.cookies.map((cookie) => [cookie.name, cookie.value]));
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'estudiante@ensaya.cl', password: DEMO_PASSWORD },
    headers: {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': jar.get('XSRF-TOKEN'),
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`login: ${response.statusCode} ${response.body}`);
  for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function measure(app, cookie, path) {
  const times = [];
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const start = process.hrtime.bigint();
    // A fresh client address per request: the per-address rate limit is not what is measured.
    requestCount += 1;
    const remoteAddress = `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: { cookie },
      remoteAddress,
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (response.statusCode !== 200)
      throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    if (i >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  return { p50: at(0.5), p95: at(0.95) };
}

/**
 * Adds `count` sent attempts of synthetic students (20 each; new students as needed) over every
 * subject and both types, with 2 themes each, then rebuilds those students' aggregates.
 */
async function grow(client, count, already) {
  const firstStudent = Math.floor(already / ATTEMPTS_PER_STUDENT);
  const students = Math.ceil((already + count) / ATTEMPTS_PER_STUDENT);
  await client.query(
    `insert into users (name, last_name, email, password_hash, terms_accepted)
     select 'Bench', 'Student', 'bench' || g || '@bench.invalid', 'x', true
     from generate_series($1::int, $2::int - 1) g
     on conflict do nothing`,
    [firstStudent, students],
  );
  await client.query(`
    create temporary table if not exists bench_subjects as
    select row_number() over (order by s.id) - 1 as n, s.id as subject_id, s.standard_test_id,
      p.id as period_id, s.approval_grade,
      (select array_agg(t.id order by t.position, t.id) from themes t where t.subject_id = s.id) as theme_ids
    from subjects s join periods p on p.subject_id = s.id and p.is_current`);
  const { rows } = await client.query('select coalesce(max(id), 0)::bigint as id from user_tests');
  const lastId = rows[0].id;
  // Each attempt: 20 questions, a deterministic pseudo-random outcome, 2 themes of its subject.
  await client.query(
    `with b as (select count(*)::int as subjects from bench_subjects),
     g as (
       select g, u.id as user_id, bs.*,
         (abs(hashtext(g::text)) % 17)::int as correct,
         (abs(hashtext('u' || g)) % 3)::int as unanswered
       from generate_series($1::int, $2::int - 1) g
       cross join b
       join users u on u.email = 'bench' || (g / ${ATTEMPTS_PER_STUDENT}) || '@bench.invalid'
       join bench_subjects bs on bs.n = g % b.subjects
     )
     insert into user_tests (user_id, subject_id, standard_test_id, period_id, type, mode, status,
       started_at, submitted_at, total_test_stems, total_correct, total_incorrect, total_unanswered,
       score, passed)
     select user_id, subject_id, standard_test_id, period_id,
       case when g % 4 = 0 then 'official' else 'custom' end,
       case when g % 4 = 0 then 'mock_exam' else 'practice' end,
       'submitted',
       now() - make_interval(mins => (g % 86400)::int + 40),
       now() - make_interval(mins => (g % 86400)::int),
       20, correct, 20 - correct - unanswered, unanswered,
       case when g % 4 = 0 then correct * 50 else 0 end,
       case when g % 4 = 0 then correct * 50 >= approval_grade else correct >= 10 end
     from g`,
    [already, already + count],
  );
  await client.query(
    `insert into user_test_themes (user_id, user_test_id, theme_id, correct, incorrect, unanswered)
     select ut.user_id, ut.id, t.theme_id,
       case when t.k = 1 then ut.total_correct / 2 else ut.total_correct - ut.total_correct / 2 end,
       case when t.k = 1 then ut.total_incorrect / 2 else ut.total_incorrect - ut.total_incorrect / 2 end,
       case when t.k = 1 then ut.total_unanswered / 2 else ut.total_unanswered - ut.total_unanswered / 2 end
     from user_tests ut
     join users u on u.id = ut.user_id and u.email like 'bench%@bench.invalid'
     join bench_subjects bs on bs.subject_id = ut.subject_id
     cross join lateral (
       select bs.theme_ids[1 + (ut.id % cardinality(bs.theme_ids))::int] as theme_id, 1 as k
       union all
       select bs.theme_ids[1 + ((ut.id + 1) % cardinality(bs.theme_ids))::int], 2
     ) t
     where ut.id > $1`,
    [lastId],
  );
  // The aggregates, rebuilt for the synthetic students from their attempts.
  await client.query(`delete from user_subject_stats s using users u
    where u.id = s.user_id and u.email like 'bench%@bench.invalid'`);
  await client.query(`delete from user_theme_stats s using users u
    where u.id = s.user_id and u.email like 'bench%@bench.invalid'`);
  await client.query(`
    insert into user_subject_stats (user_id, subject_id, type, attempts, questions, correct,
      incorrect, unanswered, score_sum, percentage_sum, passed_count, last_attempt_at)
    select ut.user_id, ut.subject_id, ut.type, count(*), sum(total_test_stems), sum(total_correct),
      sum(total_incorrect), sum(total_unanswered), sum(score),
      sum(total_correct * 100.0 / total_test_stems), count(*) filter (where passed),
      max(submitted_at)
    from user_tests ut join users u on u.id = ut.user_id and u.email like 'bench%@bench.invalid'
    where ut.status = 'submitted'
    group by ut.user_id, ut.subject_id, ut.type`);
  await client.query(`
    insert into user_theme_stats (user_id, theme_id, type, subject_id, questions, correct,
      incorrect, unanswered)
    select utt.user_id, utt.theme_id, ut.type, ut.subject_id,
      sum(utt.correct + utt.incorrect + utt.unanswered), sum(utt.correct), sum(utt.incorrect),
      sum(utt.unanswered)
    from user_test_themes utt
    join user_tests ut on ut.id = utt.user_test_id
    join users u on u.id = ut.user_id and u.email like 'bench%@bench.invalid'
    group by utt.user_id, utt.theme_id, ut.type, ut.subject_id`);
  // The populations the comparison with all students reads, rebuilt as migration 0003 does.
  await client.query('truncate subject_population_stats, theme_population_stats');
  await client.query(`INSERT INTO "subject_population_stats" ("subject_id", "type", "shard", "students", "percentage_sum", "percentage_square_sum")
SELECT "subject_id", "type", ("user_id" % 8)::smallint, count(*), sum("p"), sum("p" * "p")
FROM (
  SELECT "user_id", "subject_id", "type", sum("correct") * 100.0 / sum("questions") AS "p"
  FROM (
    SELECT "user_id", "subject_id", "type", "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", "subject_id", 'all', "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, "type", "correct", "questions" FROM "user_subject_stats"
    UNION ALL SELECT "user_id", 0, 'all', "correct", "questions" FROM "user_subject_stats"
  ) AS "scoped"
  GROUP BY "user_id", "subject_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "subject_id", "type", ("user_id" % 8);`);
  await client.query(`INSERT INTO "theme_population_stats" ("theme_id", "type", "shard", "students", "questions", "correct", "incorrect", "unanswered", "percentage_sum")
SELECT "theme_id", "type", ("user_id" % 8)::smallint, count(*), sum("questions"), sum("correct"), sum("incorrect"), sum("unanswered"), sum("correct" * 100.0 / "questions")
FROM (
  SELECT "user_id", "theme_id", "type", sum("questions") AS "questions", sum("correct") AS "correct", sum("incorrect") AS "incorrect", sum("unanswered") AS "unanswered"
  FROM (
    SELECT "user_id", "theme_id", "type", "questions", "correct", "incorrect", "unanswered" FROM "user_theme_stats"
    UNION ALL SELECT "user_id", "theme_id", 'all', "questions", "correct", "incorrect", "unanswered" FROM "user_theme_stats"
  ) AS "scoped"
  GROUP BY "user_id", "theme_id", "type"
  HAVING sum("questions") > 0
) AS "per_student"
GROUP BY "theme_id", "type", ("user_id" % 8);`);
  await client.query('analyze');
}
