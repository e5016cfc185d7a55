// Synthetic attempts for bench/stats.mjs: students with ATTEMPTS_PER_STUDENT sent attempts each,
// written in bulk with generate_series straight into user_tests and user_test_themes, and the
// aggregates (per student and population) rebuilt from them. The bench's own bookkeeping lives in
// two tables of the bench database: bench_students (synthetic student number -> user id) and
// bench_meta (how many attempts were generated, so a kept database is reused).

export const ATTEMPTS_PER_STUDENT = 20;
/** Attempts inserted per statement: bounded transactions and a progress line each. */
const CHUNK = 1_000_000;

/**
 * Session settings for the bulk load only (never the server's configuration): no wait for the WAL
 * flush on commit, more memory for index builds and sorts, and foreign-key triggers off
 * (`session_replication_role = replica`; the generated rows reference rows that exist).
 */
export async function tuneBulkSession(client) {
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '1GB'`);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set session_replication_role = replica`);
}

export async function ensureBenchTables(client) {
  await client.query(`create table if not exists bench_students (
    n integer primary key, user_id integer not null unique)`);
  await client.query(`create table if not exists bench_meta (key text primary key, value text)`);
}

export async function readMeta(client, key) {
  const { rows } = await client.query(`select value from bench_meta where key = $1`, [key]);
  return rows[0]?.value;
}

export async function writeMeta(client, key, value) {
  await client.query(
    `insert into bench_meta (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value`,
    [key, String(value)],
  );
}

/**
 * Adds `count` sent attempts of synthetic students (20 each; new students as needed) over every
 * subject and both types, with 2 themes each, then rebuilds those students' aggregates.
 */
export async function grow(client, count, already, { log = () => {} } = {}) {
  await ensureBenchTables(client);
  const firstStudent = Math.floor(already / ATTEMPTS_PER_STUDENT);
  const students = Math.ceil((already + count) / ATTEMPTS_PER_STUDENT);
  await client.query(
    `insert into users (name, last_name, email, password_hash, terms_accepted)
     select 'Bench', 'Student', 'bench' || g || '@bench.invalid', 'x', true
     from generate_series($1::int, $2::int - 1) g
     on conflict do nothing`,
    [firstStudent, students],
  );
  await client.query(
    `insert into bench_students (n, user_id)
     select substring(email from 6 for length(email) - 19)::int, id from users
     where email like 'bench%@bench.invalid'
     on conflict do nothing`,
  );
  await client.query(`
    create temporary table if not exists bench_subjects as
    select row_number() over (order by s.id) - 1 as n, s.id as subject_id, s.standard_test_id,
      p.id as period_id, s.approval_grade,
      (select array_agg(t.id order by t.position, t.id) from themes t where t.subject_id = s.id) as theme_ids
    from subjects s join periods p on p.subject_id = s.id and p.is_current`);
  for (let from = already; from < already + count; from += CHUNK) {
    const to = Math.min(already + count, from + CHUNK);
    const started = Date.now();
    const { rows } = await client.query(
      'select coalesce(max(id), 0)::bigint as id from user_tests',
    );
    const lastId = rows[0].id;
    // Each attempt: 20 questions, a deterministic pseudo-random outcome, 2 themes of its subject.
    await client.query(
      `with b as (select count(*)::int as subjects from bench_subjects),
       g as (
         select g, st.user_id, bs.*,
           (abs(hashtext(g::text)) % 17)::int as correct,
           (abs(hashtext('u' || g)) % 3)::int as unanswered
         from generate_series($1::int, $2::int - 1) g
         cross join b
         join bench_students st on st.n = g / ${ATTEMPTS_PER_STUDENT}
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
       from g
       order by g`,
      [from, to],
    );
    await client.query(
      `insert into user_test_themes (user_id, user_test_id, theme_id, correct, incorrect, unanswered)
       select ut.user_id, ut.id, t.theme_id,
         case when t.k = 1 then ut.total_correct / 2 else ut.total_correct - ut.total_correct / 2 end,
         case when t.k = 1 then ut.total_incorrect / 2 else ut.total_incorrect - ut.total_incorrect / 2 end,
         case when t.k = 1 then ut.total_unanswered / 2 else ut.total_unanswered - ut.total_unanswered / 2 end
       from user_tests ut
       join bench_students st on st.user_id = ut.user_id
       join bench_subjects bs on bs.subject_id = ut.subject_id
       cross join lateral (
         select bs.theme_ids[1 + (ut.id % cardinality(bs.theme_ids))::int] as theme_id, 1 as k
         union all
         select bs.theme_ids[1 + ((ut.id + 1) % cardinality(bs.theme_ids))::int], 2
       ) t
       where ut.id > $1
       order by ut.id, t.k`,
      [lastId],
    );
    log(
      `  attempts ${from.toLocaleString('en')}..${to.toLocaleString('en')} written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const started = Date.now();
  // The aggregates, rebuilt for the synthetic students from their attempts.
  await client.query(`delete from user_subject_stats s using bench_students st
    where st.user_id = s.user_id`);
  await client.query(`delete from user_theme_stats s using bench_students st
    where st.user_id = s.user_id`);
  await client.query(`
    insert into user_subject_stats (user_id, subject_id, type, attempts, questions, correct,
      incorrect, unanswered, score_sum, percentage_sum, passed_count, last_attempt_at)
    select ut.user_id, ut.subject_id, ut.type, count(*), sum(total_test_stems), sum(total_correct),
      sum(total_incorrect), sum(total_unanswered), sum(score),
      sum(total_correct * 100.0 / total_test_stems), count(*) filter (where passed),
      max(submitted_at)
    from user_tests ut join bench_students st on st.user_id = ut.user_id
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
    join bench_students st on st.user_id = ut.user_id
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
  log(`  aggregates rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
