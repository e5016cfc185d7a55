// A national mock exam on one server (issue 14): STUDENTS students sign in, start the PAES M1 mock
// exam at the same instant, begin it, read its content, save one answer every 2 s each for DURATION_S seconds (spread
// evenly), and submit at the same instant; then every acknowledged answer is checked in the
// database. The server runs in its own process as `npm start` runs it (node apps/api/src/server.ts,
// NODE_ENV=production, on a PostgreSQL database of its own); this script is the load generator, in
// another process, sending what the web app sends (cookies, the CSRF header, br/gzip). In the same
// run, bench/floor-server.mjs (a bare Fastify route doing one indexed UPDATE of user_test_stems, and
// one reading the attempt row, with the app's pool size) is loaded the same way, and both are loaded
// at a fixed concurrency of 64 connections, closed loop, for the app/floor ratios.
//
//   npm run bench:classroom                         # 3 000 students, 60 s of saves (the lead's run)
//   QUICK=1 npm run bench:classroom                 # 300 students, 20 s of saves
//   STUDENTS=1000 DURATION_S=30 npm run bench:classroom
//
// Environment: STUDENTS (3000; QUICK=1: 300), DURATION_S (60; QUICK: 20), INTERVAL_MS (2000),
// CLOSED_S seconds of each 64-connection phase (10; QUICK: 5), CONCURRENCY (64), LOGIN_CONCURRENCY
// (4: logins are argon2 hashes, paced so they do not starve the rest), BENCH_PG_URL (an admin
// connection, default postgres://postgres@127.0.0.1:5432/postgres), BENCH_PORT (3201; the floor
// takes the next port), BENCH_REDIS_URL (passed to the server as REDIS_URL), DATABASE_POOL_SIZE
// (passed to both servers), WEB_DIST_DIR (default apps/web/dist), KEEP_DB=1 keeps the scratch
// database, BENCH_APP_ROOT runs the server of another checkout, SERVER_NODE_OPTIONS is the server's
// NODE_OPTIONS (for example --cpu-prof --cpu-prof-dir=/tmp/prof). The server's log goes to a file
// under the system's temporary directory (removed after a run without errors).
//
// Prints the figures, a markdown row for docs/benchmarks.md and a JSON summary; exits 1 when an
// acknowledged answer is missing or a submit did not return a result.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { hashPassword } from '../apps/api/src/modules/auth/password.ts';
import { Browser } from './lib/browser.mjs';
import { mb, memoryOf, ms, percentiles, PhaseMonitor } from './lib/measure.mjs';

const QUICK = process.env.QUICK === '1';
const STUDENTS = Number(process.env.STUDENTS ?? (QUICK ? 300 : 3000));
const DURATION_S = Number(process.env.DURATION_S ?? (QUICK ? 20 : 60));
const INTERVAL_MS = Number(process.env.INTERVAL_MS ?? 2000);
const CLOSED_S = Number(process.env.CLOSED_S ?? (QUICK ? 5 : 10));
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const LOGIN_CONCURRENCY = Number(process.env.LOGIN_CONCURRENCY ?? 4);
const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3201);
const FLOOR_PORT = PORT + 1;
const SUBJECT = 'Competencia Matemática M1';
const PASSWORD = 'Bench#Classroom2026';
const ROOT = path.resolve(import.meta.dirname, '..');
// The checkout whose server is measured: this one, or another (e.g. an export of an older commit
// with its own node_modules) to compare before and after with the same generator.
const APP_ROOT = path.resolve(process.env.BENCH_APP_ROOT ?? ROOT);
const DB_NAME = `bench_classroom_${process.pid}`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`;
// The web client's first retry delay (save-queue.ts): a failed save is sent again after it.
const RETRY_MS = 1000;

const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const children = [];
let admin;
let dataDir;
let cleanedUp = false;

async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
  if (admin) {
    if (process.env.KEEP_DB === '1') log(`kept database ${DB_NAME}`);
    else await admin.query(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

function startProcess(name, script, env, logFile) {
  const out = openSync(logFile, 'a');
  const child = spawn(process.execPath, [script], {
    cwd: APP_ROOT,
    env,
    stdio: ['ignore', out, out],
  });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!cleanedUp) log(`${name} exited (${code ?? signal}); its log: ${logFile}`);
  });
  return child;
}

async function waitUntilUp(url, child, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

/** Runs `task` over `items` with at most `limit` at a time. */
async function eachLimited(items, limit, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        await task(items[index], index);
      }
    }),
  );
}

const countBy = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
const statusList = (map) =>
  [...map].map(([status, count]) => `${status}: ${count}`).join(', ') || 'none';

// ---------------------------------------------------------------------------------------------
// The attempt and its content. Keep this part small: it is what changes when the attempt's shape
// changes (issue 14 item 4 moves statements and choices to a `content_url`).

/**
 * The questions of a started attempt as [{ position, stemId, choiceIds }]: choices from the attempt
 * when it carries them (`choices` with ids, or `choice_ids`), otherwise from its content, found by
 * stem id anywhere in the content's JSON (any object with `choices` and `stem_id` or `id`).
 */
function questionsOf(attempt, content) {
  const fromContent = new Map();
  const index = (node) => {
    if (Array.isArray(node)) node.forEach(index);
    else if (node && typeof node === 'object') {
      if (Array.isArray(node.choices) && (node.stem_id ?? node.id) !== undefined)
        fromContent.set(node.stem_id ?? node.id, node.choices);
      Object.values(node).forEach(index);
    }
  };
  if (content !== undefined) index(content);
  return attempt.questions.map((question) => {
    const choices =
      question.choices ?? question.choice_ids ?? fromContent.get(question.stem_id) ?? [];
    return {
      position: question.position,
      stemId: question.stem_id,
      choiceIds: choices.map((choice) => (typeof choice === 'object' ? choice.id : choice)),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// A student: its browser, its attempt and what the server acknowledged.

class Student {
  constructor(index, user) {
    this.index = index;
    this.userId = user.id;
    this.email = user.email;
    this.browser = new Browser(
      ORIGIN,
      `10.${100 + Math.floor(index / 62500)}.${Math.floor(index / 250) % 250}.${(index % 250) + 1}`,
    );
    this.attemptId = undefined;
    this.questions = [];
    this.lastSeq = 0;
    this.answered = 0;
    /** stem id → { seq, choiceIds } of the newest acknowledged record. */
    this.acknowledged = new Map();
    /** The save queue, as the exam page keeps it: stem id → { record, madeAt }. */
    this.pending = new Map();
    this.sending = false;
    this.closed = false;
  }
  /** The web client's sequence numbers (save-queue.ts nextSeq): the clock, always growing. */
  nextSeq() {
    this.lastSeq = Math.max(Date.now(), this.lastSeq + 1);
    return this.lastSeq;
  }
  /** The next answer: questions in order, then around again changing the answers. */
  nextRecord() {
    const question = this.questions[this.answered % this.questions.length];
    this.answered += 1;
    const choiceId = question.choiceIds[Math.floor(Math.random() * question.choiceIds.length)];
    return {
      stem_id: question.stemId,
      stem_choice_ids: choiceId === undefined ? [] : [choiceId],
      is_marked: false,
      seq: this.nextSeq(),
    };
  }
  acknowledge(records) {
    for (const record of records) {
      const known = this.acknowledged.get(record.stem_id);
      if (!known || known.seq < record.seq)
        this.acknowledged.set(record.stem_id, {
          seq: record.seq,
          choiceIds: record.stem_choice_ids,
        });
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const runDate = new Date().toISOString().slice(0, 10);
  const loadAtStart = loadavg()[0];
  log(
    `classroom: ${STUDENTS} students, one answer every ${INTERVAL_MS} ms for ${DURATION_S} s; ` +
      `${CONCURRENCY} connections for ${CLOSED_S} s per closed-loop phase`,
  );

  // A database of its own.
  admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  const databaseUrl = new URL(PG_ADMIN_URL);
  databaseUrl.pathname = `/${DB_NAME}`;

  // The server, as `npm start` runs it, in production mode.
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-classroom-'));
  const serverLog = path.join(dataDir, 'server.log');
  const env = { ...process.env };
  for (const name of ['REDIS_URL', 'TEST_DATABASE_URL', 'NODE_OPTIONS']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    APP_URL: ORIGIN,
    DATABASE_URL: databaseUrl.toString(),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
    PAYMENT_GATEWAY: 'sandbox',
    // The PAES M1 catalogue and question bank come with the demo seed.
    SEED_DEMO: 'true',
    // Students come from distinct addresses (X-Forwarded-For); limits are not what is measured.
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '1000000',
  });
  if (process.env.BENCH_REDIS_URL) env.REDIS_URL = process.env.BENCH_REDIS_URL;
  // For example SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  if (process.env.SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SERVER_NODE_OPTIONS;
  const serverStarted = performance.now();
  const server = startProcess('server', 'apps/api/src/server.ts', env, serverLog);
  await waitUntilUp(`${ORIGIN}/api/health`, server);
  log(
    `server up in ${ms(performance.now() - serverStarted)} ms (pid ${server.pid}, log ${serverLog})`,
  );
  const floor = startProcess(
    'floor',
    path.join(ROOT, 'bench/floor-server.mjs'),
    { ...env, PORT: String(FLOOR_PORT) },
    path.join(dataDir, 'floor.log'),
  );
  await waitUntilUp(`${FLOOR_ORIGIN}/floor/attempt/0`, floor);
  const monitor = new PhaseMonitor(server.pid);
  const afterBoot = memoryOf(server.pid);

  // Students with access to PAES M1, straight into the database (one password hash for all).
  const db = new pg.Pool({ connectionString: databaseUrl.toString(), max: 4 });
  const {
    rows: [subject],
  } = await db.query('select id, standard_test_id from subjects where name = $1', [SUBJECT]);
  if (!subject) throw new Error(`${SUBJECT} is not in the seed`);
  const {
    rows: [pack],
  } = await db.query('select id from packages where standard_test_id = $1 order by id limit 1', [
    subject.standard_test_id,
  ]);
  const passwordHash = await hashPassword(PASSWORD);
  const { rows: users } = await db.query(
    `insert into users (name, last_name, email, password_hash, email_verified_at, terms_accepted)
     select 'Estudiante', 'Bench ' || g, 'bench-' || g || '-${process.pid}@example.cl', $1, now(), true
     from generate_series(1, $2::int) g
     returning id, email`,
    [passwordHash, STUDENTS],
  );
  await db.query(
    `with subscription as (
       insert into user_subscriptions (user_id, package_id, status, subscription_start)
       select unnest($1::int[]), $2, 'Active', now() returning id)
     insert into user_subscription_subjects (user_subscription_id, subject_id)
     select id, $3 from subscription`,
    [users.map((user) => user.id), pack.id, subject.id],
  );
  const students = users.map((user, index) => new Student(index, user));
  log(`${students.length} students with access to ${SUBJECT}`);

  // Sign in through the real endpoint, paced.
  monitor.begin('login');
  const loginTimes = [];
  const loginFailures = new Map();
  const loginStarted = performance.now();
  await eachLimited(students, LOGIN_CONCURRENCY, async (student) => {
    const cookie = await student.browser.request('GET', '/api/csrf-cookie');
    const login = await student.browser.request('POST', '/api/login', {
      email: student.email,
      password: PASSWORD,
    });
    loginTimes.push(cookie.ms + login.ms);
    if (login.status !== 200) countBy(loginFailures, login.status);
  });
  const loginSeconds = (performance.now() - loginStarted) / 1000;
  monitor.end();
  if (loginFailures.size > 0) throw new Error(`logins refused: ${statusList(loginFailures)}`);
  log(`signed in ${students.length} in ${loginSeconds.toFixed(1)} s`);

  // The setup page (its request also opens each browser's connection before the burst).
  await eachLimited(students, CONCURRENCY, (student) =>
    student.browser.request('GET', `/api/subjects/${subject.id}/setup`),
  );
  await sleep(1000);
  const idle = memoryOf(server.pid);

  // Everyone starts at the same instant, as the web app's mock exam panel does.
  monitor.begin('start');
  const startBody = {
    subject_id: subject.id,
    mode: 'mock_exam',
    random_question: true,
    random_answer: true,
    study_mode: false,
  };
  const started = await Promise.all(
    students.map((student) => student.browser.request('POST', '/api/user-tests', startBody)),
  );
  const startPhase = monitor.end();
  const startFailures = new Map();
  for (const response of started)
    if (response.status !== 201) countBy(startFailures, response.status);
  if (startFailures.size > 0) throw new Error(`starts refused: ${statusList(startFailures)}`);
  const startWire = started.reduce((sum, response) => sum + response.buffer.length, 0) / STUDENTS;
  let startDecoded = 0;
  const attempts = started.map((response) => {
    const text = response.text();
    startDecoded += Buffer.byteLength(text);
    return JSON.parse(text).data;
  });
  startDecoded /= STUDENTS;
  log(`started: p95 ${ms(percentiles(started.map((r) => r.ms)).p95)} ms`);

  students.forEach((student, i) => {
    student.attemptId = attempts[i].id;
  });

  // Everyone continues from the instructions. A timed attempt's content is readable only from its
  // begin, whose answer names it (`content_url`, as the attempt does for an untimed one).
  monitor.begin('begin');
  const begun = await Promise.all(
    students.map((student) =>
      student.browser.request('POST', `/api/user-tests/${student.attemptId}/begin`),
    ),
  );
  monitor.end();
  const beginFailures = new Map();
  for (const response of begun)
    if (response.status !== 200) countBy(beginFailures, response.status);
  if (beginFailures.size > 0) throw new Error(`begins refused: ${statusList(beginFailures)}`);

  // The content the begin (or the attempt) points at, fetched as the browser would (nothing when
  // there is none). A URL may come absolute or as a path; the browser's connection is to the app's
  // origin.
  const contentUrls = attempts.map((attempt, i) => {
    const url = begun[i].json().data.content_url ?? attempt.content_url;
    return url ? new URL(url, ORIGIN).pathname + new URL(url, ORIGIN).search : undefined;
  });
  if (contentUrls.some(Boolean)) monitor.begin('content');
  const contents = await Promise.all(
    students.map((student, i) =>
      contentUrls[i] ? student.browser.request('GET', contentUrls[i]) : undefined,
    ),
  );
  monitor.end();
  const contentTimes = contents.filter(Boolean).map((response) => response.ms);
  const contentFailures = new Map();
  const parsedContent = new Map();
  let contentWire = 0;
  contents.forEach((response, i) => {
    if (!response) return;
    contentWire += response.buffer.length;
    if (response.status !== 200) countBy(contentFailures, response.status);
    else if (!parsedContent.has(contentUrls[i])) parsedContent.set(contentUrls[i], response.json());
  });
  contentWire /= STUDENTS;
  if (contentFailures.size > 0) throw new Error(`content refused: ${statusList(contentFailures)}`);
  students.forEach((student, i) => {
    student.questions = questionsOf(attempts[i], parsedContent.get(contentUrls[i]));
    if (student.questions.some((question) => question.choiceIds.length === 0))
      throw new Error('a question without choices: adjust questionsOf() to the attempt shape');
  });
  attempts.length = 0;
  const questionCount = students[0].questions.length;
  const afterStart = memoryOf(server.pid);

  // One answer every INTERVAL_MS per student, spread evenly; each page keeps one save in flight
  // and sends what piled up meanwhile in the next one (save-queue.ts).
  const saveLatencies = [];
  const requestLatencies = [];
  const saveRefusals = new Map();
  let made = 0;
  let acknowledgedInWindow = 0;
  let requests = 0;
  let saving = true;
  const flush = async (student) => {
    if (student.sending || student.closed || student.pending.size === 0) return;
    student.sending = true;
    const batch = [...student.pending.values()].slice(0, 200);
    const response = await student.browser.request(
      'POST',
      `/api/user-tests/${student.attemptId}/stems`,
      { stems: batch.map((entry) => entry.record) },
    );
    requests += 1;
    requestLatencies.push(response.ms);
    student.sending = false;
    if (response.status === 200) {
      const now = performance.now();
      student.acknowledge(batch.map((entry) => entry.record));
      for (const entry of batch) {
        saveLatencies.push(now - entry.madeAt);
        if (saving) acknowledgedInWindow += 1;
        if (student.pending.get(entry.record.stem_id) === entry)
          student.pending.delete(entry.record.stem_id);
      }
      void flush(student);
    } else {
      countBy(saveRefusals, response.status);
      if (response.status === 409 || response.status === 422) student.closed = true;
      else setTimeout(() => void flush(student), RETRY_MS);
    }
  };
  monitor.begin('save');
  const saveStarted = performance.now();
  const saveEnds = saveStarted + DURATION_S * 1000;
  await Promise.all(
    students.map(async (student, i) => {
      let due = saveStarted + (i / STUDENTS) * INTERVAL_MS;
      while (due < saveEnds) {
        await sleep(Math.max(0, due - performance.now()));
        if (student.closed) return;
        const record = student.nextRecord();
        made += 1;
        student.pending.set(record.stem_id, { record, madeAt: performance.now() });
        void flush(student);
        due += INTERVAL_MS;
      }
    }),
  );
  saving = false;
  const saveSeconds = (performance.now() - saveStarted) / 1000;
  // What is still on its way is delivered before the next phase (up to 60 s).
  const drainUntil = performance.now() + 60_000;
  while (
    students.some((s) => !s.closed && (s.sending || s.pending.size > 0)) &&
    performance.now() < drainUntil
  )
    await sleep(100);
  const savePhase = monitor.end();
  const unacknowledged = students.reduce((sum, s) => sum + s.pending.size, 0);
  log(`saves: ${acknowledgedInWindow} acknowledged of ${made} made in ${saveSeconds.toFixed(1)} s`);

  // Closed loop at a fixed concurrency, the app and the floor alike; the first second is warm-up.
  const closedLoop = async (name, dispatcherOrigin, send) => {
    const pool = new Pool(dispatcherOrigin, { connections: CONCURRENCY, pipelining: 1 });
    monitor.begin(name);
    const began = performance.now();
    const countFrom = began + 1000;
    const ends = countFrom + CLOSED_S * 1000;
    const latencies = [];
    const statuses = new Map();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < ends) {
          const j = next++;
          const { status, ms: took } = await send(pool, j);
          if (performance.now() >= countFrom) {
            latencies.push(took);
            countBy(statuses, status);
          }
        }
      }),
    );
    const seconds = (performance.now() - countFrom) / 1000;
    const phase = monitor.end();
    await pool.destroy();
    const ok = [...statuses]
      .filter(([status]) => status >= 200 && status < 300)
      .reduce((s, [, n]) => s + n, 0);
    return { name, perSecond: ok / seconds, statuses, ...percentiles(latencies), phase };
  };
  const appSave = await closedLoop('app save @64', ORIGIN, async (pool, j) => {
    const student = students[j % STUDENTS];
    const record = student.nextRecord();
    const response = await student.browser.request(
      'POST',
      `/api/user-tests/${student.attemptId}/stems`,
      { stems: [record] },
      pool,
    );
    if (response.status === 200) student.acknowledge([record]);
    return response;
  });
  const appRead = await closedLoop('app read @64', ORIGIN, (pool, j) => {
    const student = students[j % STUDENTS];
    return student.browser.request('GET', `/api/user-tests/${student.attemptId}`, undefined, pool);
  });
  log(
    `app at ${CONCURRENCY}: ${appSave.perSecond.toFixed(0)} saves/s, ${appRead.perSecond.toFixed(0)} reads/s`,
  );

  // Everyone submits at the same instant.
  monitor.begin('submit');
  const submitted = await Promise.all(
    students.map((student) =>
      student.browser.request('POST', `/api/user-tests/${student.attemptId}/submit`),
    ),
  );
  const submitPhase = monitor.end();
  const submitFailures = new Map();
  const results = new Map();
  submitted.forEach((response, i) => {
    if (response.status !== 200) return countBy(submitFailures, response.status);
    const result = response.json()?.data;
    if (!result || result.user_test_id !== students[i].attemptId)
      return countBy(submitFailures, 'no result');
    results.set(students[i], result);
  });
  log(`submitted: p95 ${ms(percentiles(submitted.map((r) => r.ms)).p95)} ms`);

  // Every acknowledged answer is in the database, as acknowledged.
  let lost = 0;
  let checked = 0;
  const byAttempt = new Map(students.map((student) => [student.attemptId, student]));
  const { rows: stored } = await db.query(
    'select user_test_id, stem_id, chosen_choice_ids, client_seq, is_pilot from user_test_stems where user_test_id = any($1::bigint[])',
    [[...byAttempt.keys()]],
  );
  const storedByKey = new Map(stored.map((row) => [`${row.user_test_id}:${row.stem_id}`, row]));
  for (const student of students) {
    for (const [stemId, answer] of student.acknowledged) {
      checked += 1;
      const row = storedByKey.get(`${student.attemptId}:${stemId}`);
      const same =
        row &&
        Number(row.client_seq) === answer.seq &&
        row.chosen_choice_ids.length === answer.choiceIds.length &&
        row.chosen_choice_ids.every((id, k) => id === answer.choiceIds[k]);
      if (!same) lost += 1;
    }
  }
  log(`checked ${checked} acknowledged answers: ${lost} lost`);
  // Every acknowledged answer counts in the result, but those to the unscored pilot questions
  // (PAES mock exams hold 5; the student is not told which).
  let resultsDisagreeing = 0;
  for (const [student, result] of results) {
    const scored = [...student.acknowledged.keys()].filter(
      (stemId) => !storedByKey.get(`${student.attemptId}:${stemId}`)?.is_pilot,
    );
    if (result.total - result.unanswered !== scored.length) resultsDisagreeing += 1;
  }

  // The floor: the same students and rows, the same pattern, then 64 connections closed loop.
  const floorPool = new Pool(FLOOR_ORIGIN, { connections: STUDENTS, pipelining: 1 });
  const floorSave = (dispatcher, student) => {
    const question = student.questions[student.answered++ % questionCount];
    return timed(dispatcher, 'POST', '/floor/save', {
      user_test_id: student.attemptId,
      position: question.position,
      chosen_choice_ids: question.choiceIds.slice(0, 1),
      client_seq: student.nextSeq(),
    });
  };
  const floorLatencies = [];
  let floorMade = 0;
  let floorServed = 0;
  monitor.begin('floor save');
  const floorStarted = performance.now();
  const floorEnds = floorStarted + DURATION_S * 1000;
  await Promise.all(
    students.map(async (student, i) => {
      let due = floorStarted + (i / STUDENTS) * INTERVAL_MS;
      while (due < floorEnds) {
        await sleep(Math.max(0, due - performance.now()));
        floorMade += 1;
        const madeAt = performance.now();
        const response = await floorSave(floorPool, student);
        if (response.status === 200) {
          floorServed += 1;
          floorLatencies.push(performance.now() - madeAt);
        }
        due += INTERVAL_MS;
      }
    }),
  );
  const floorSeconds = (performance.now() - floorStarted) / 1000;
  monitor.end();
  await floorPool.destroy();
  const floorSaveClosed = await closedLoop('floor save @64', FLOOR_ORIGIN, (pool, j) =>
    floorSave(pool, students[j % STUDENTS]),
  );
  const floorReadClosed = await closedLoop('floor read @64', FLOOR_ORIGIN, (pool, j) =>
    timed(pool, 'GET', `/floor/attempt/${students[j % STUDENTS].attemptId}`),
  );
  monitor.stop();
  const peak = memoryOf(server.pid);
  await db.end();
  await Promise.all(students.map((student) => student.browser.close()));

  // ------------------------------------------------------------------------------------------
  const login = percentiles(loginTimes);
  const start = percentiles(started.map((r) => r.ms));
  const content = percentiles(contentTimes);
  const begin = percentiles(begun.map((r) => r.ms));
  const save = percentiles(saveLatencies);
  const saveRequest = percentiles(requestLatencies);
  const submit = percentiles(submitted.map((r) => r.ms));
  const floorPaced = percentiles(floorLatencies);
  const offered = made / saveSeconds;
  const served = acknowledgedInWindow / saveSeconds;
  const saveRatio = appSave.perSecond / floorSaveClosed.perSecond;
  const readRatio = appRead.perSecond / floorReadClosed.perSecond;
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (label, p, extra = '') =>
    console.log(
      `  ${label.padEnd(28)} p50 ${ms(p.p50).padStart(6)}  p95 ${ms(p.p95).padStart(6)}  p99 ${ms(p.p99).padStart(6)} ms  (n ${p.n})${extra}`,
    );
  console.log('');
  console.log(
    `Classroom: ${STUDENTS} students, PAES M1 mock exam (${questionCount} questions), an answer every ${INTERVAL_MS} ms for ${DURATION_S} s (${runDate})`,
  );
  console.log(
    `  machine                      ${availableParallelism()} cores; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other work on the machine skews every figure)`,
  );
  console.log(
    `  login                        ${loginSeconds.toFixed(1)} s for all (${LOGIN_CONCURRENCY} at a time); each p50 ${ms(login.p50)} p95 ${ms(login.p95)} ms`,
  );
  line(
    'start (same instant)',
    start,
    `  on the wire ${kb(startWire)} (decoded ${kb(startDecoded)})`,
  );
  if (contentTimes.length > 0)
    line('content (same instant)', content, `  on the wire ${kb(contentWire)}`);
  else console.log('  content                      none (the attempt carries its questions)');
  console.log(
    `  one exam on the wire         ${kb(startWire + contentWire)} (start answer + content)`,
  );
  line('begin (same instant)', begin);
  line('save (answer → acknowledged)', save);
  line('save request', saveRequest, `  ${requests} requests`);
  console.log(
    `  saves served / offered       ${served.toFixed(0)} / ${offered.toFixed(0)} per s; refused or failed: ${statusList(saveRefusals)}; still unacknowledged at the end: ${unacknowledged}`,
  );
  line('submit (same instant)', submit, `  failed: ${statusList(submitFailures)}`);
  console.log(
    `  lost answers                 ${lost} of ${checked} acknowledged; results not counting every acknowledged answer: ${resultsDisagreeing}`,
  );
  console.log(
    `  server memory (RSS)          after boot ${mb(afterBoot.rss)}, idle before the burst ${mb(idle.rss)}, after start+begin ${mb(afterStart.rss)}, peak ${mb(peak.hwm)} (VmHWM)`,
  );
  line(
    'floor save, same pattern',
    floorPaced,
    `  served ${(floorServed / floorSeconds).toFixed(0)} / ${(floorMade / floorSeconds).toFixed(0)} per s`,
  );
  console.log(`  at ${CONCURRENCY} connections, closed loop (${CLOSED_S} s each):`);
  for (const r of [appSave, floorSaveClosed, appRead, floorReadClosed])
    console.log(
      `    ${r.name.padEnd(16)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)} ms  statuses ${statusList(r.statuses)}`,
    );
  console.log(
    `    saves app/floor ${(saveRatio * 100).toFixed(0)} % (target ≥ 50 %), read app/floor ${(readRatio * 100).toFixed(0)} %`,
  );
  console.log(
    '  per phase: server peak RSS, server CPU, generator CPU (% of one core), generator event-loop delay p99',
  );
  for (const phase of monitor.phases.values())
    console.log(
      `    ${phase.name.padEnd(15)} ${phase.seconds.toFixed(1).padStart(6)} s  ${mb(phase.peakRss).padStart(8)}  server ${phase.serverCpuPct.toFixed(0).padStart(3)} %  generator ${phase.generatorCpuPct.toFixed(0).padStart(3)} %  loop p99 ${ms(phase.generatorLoopP99Ms)} ms`,
    );
  console.log('');
  console.log('Markdown row for docs/benchmarks.md (classroom):');
  console.log(
    `| ${runDate} | ${STUDENTS} | ${DURATION_S} s | ${loginSeconds.toFixed(0)} s | ${ms(start.p50)} / ${ms(start.p95)} / ${ms(start.p99)} | ${contentTimes.length > 0 ? ms(content.p95) : 'none'} | ${ms(save.p50)} / ${ms(save.p95)} / ${ms(save.p99)} | ${served.toFixed(0)} / ${offered.toFixed(0)} | ${statusList(saveRefusals)} | ${lost} | ${ms(submit.p50)} / ${ms(submit.p95)} / ${ms(submit.p99)} | ${mb(idle.rss)} | ${mb(afterStart.rss)} | ${mb(peak.hwm)} | ${kb(startWire + contentWire)} | ${appSave.perSecond.toFixed(0)} / ${floorSaveClosed.perSecond.toFixed(0)} (${(saveRatio * 100).toFixed(0)} %) | ${appRead.perSecond.toFixed(0)} / ${floorReadClosed.perSecond.toFixed(0)} (${(readRatio * 100).toFixed(0)} %) |`,
  );
  const summary = {
    date: runDate,
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    students: STUDENTS,
    durationS: DURATION_S,
    questions: questionCount,
    loginSeconds,
    login,
    start,
    content,
    begin,
    save,
    saveRequest,
    savesServedPerS: served,
    savesOfferedPerS: offered,
    saveRefusals: Object.fromEntries(saveRefusals),
    unacknowledged,
    submit,
    submitFailures: Object.fromEntries(submitFailures),
    lost,
    checked,
    resultsDisagreeing,
    memoryKb: {
      afterBoot: afterBoot.rss,
      idle: idle.rss,
      afterStart: afterStart.rss,
      peak: peak.hwm,
    },
    wireBytes: { start: startWire, content: contentWire },
    closedLoop: Object.fromEntries(
      [appSave, floorSaveClosed, appRead, floorReadClosed].map((r) => [
        r.name,
        { perSecond: r.perSecond, p50: r.p50, p99: r.p99 },
      ]),
    ),
    saveRatio,
    readRatio,
    phases: [...monitor.phases.values()],
    startPhase,
    savePhase,
    submitPhase,
  };
  console.log('');
  console.log(`JSON ${JSON.stringify(summary)}`);
  return lost === 0 && submitFailures.size === 0 && resultsDisagreeing === 0;
}

/** A request to the floor (no cookies, no compression: it has neither). */
async function timed(dispatcher, method, path, body) {
  const began = performance.now();
  try {
    const response = await dispatcher.request({
      path,
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    await response.body.arrayBuffer();
    return { status: response.statusCode, ms: performance.now() - began };
  } catch {
    return { status: 0, ms: performance.now() - began };
  }
}

let ok = false;
try {
  ok = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanup();
}
if (ok && dataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
