// A scheduled ensayo ("Ensayo nacional") on one server or several behind HAProxy:
// STUDENTS students sign in, the demo admin schedules a PAES M1 ensayo through the back-office API,
// every student opens the waiting room, joins and downloads the sealed form (AES-256-GCM, the same
// bytes for all; one copy is decrypted with node:crypto once the key is out, to prove the key opens
// it), the start is brought to LEAD_S seconds after the last download so that the server prepares
// the attempts in its batches, and then:
//
//   1. at `starts_at` every student asks for the key at the same instant (POST …/key; a 409 is
//      asked again after 1 s, as the waiting room does);
//   2. every student reads its attempt at the same instant (GET /api/user-tests/:id);
//   3. one answer every INTERVAL_MS per student for DURATION_S (the exam page's save queue), then
//      CONCURRENCY connections closed loop on the app's save and read (as bench/classroom.mjs);
//   4. everyone submits at the same instant, as the runner does (`Prefer: respond-async`: a 202
//      acknowledgement, the result scored in batches by the server), and reads its result from
//      GET /api/user-tests/:id/result as the result page does until it is there; then the ensayo is
//      closed (its start moved back so that every clock and grace have ended: no waiting for
//      DURATION_MINUTES) and everyone asks for the cohort's results at the same instant
//      (GET /api/scheduled-exams/:id/results, computed by the first request); every acknowledged
//      answer is checked in the database;
//   5. the floor (bench/floor-server.mjs) loaded the same way, as in the classroom run;
//   6. the solo-start figure: every student starts a solo mock exam at the same instant.
//
// The server runs as `npm start` runs it (node apps/api/src/server.ts, NODE_ENV=production, on a
// PostgreSQL database of its own); this script is the load generator (what the web app sends:
// cookies, the CSRF header, br/gzip, one keep-alive connection and one X-Forwarded-For address per
// student). INSTANCES=N runs N servers behind HAProxy (docs/haproxy.cfg with the N server lines;
// Redis for the shared counters), BALANCER=1 puts HAProxy in front of a single one for comparison.
//
//   npm run bench:scheduled                                   # 3 000 students, 60 s of saves
//   STUDENTS=100 DURATION_S=10 CLOSED_S=2 npm run bench:scheduled      # a smoke run
//   INSTANCES=2 npm run bench:scheduled                       # two instances behind HAProxy
//   BALANCER=1 INSTANCES=1 npm run bench:scheduled            # one, behind HAProxy, to compare
//
// Environment: STUDENTS (3000), DURATION_S (60), INTERVAL_MS (2000), CLOSED_S (10; 0 skips the
// closed loops), CONCURRENCY (64), LOGIN_CONCURRENCY (4), JOIN_CONCURRENCY (64: students in the
// waiting room at once while joining and downloading), LEAD_S (90: seconds from the last download
// to the start; the server prepares attempts of ensayos starting within 2 minutes),
// DURATION_MINUTES (140, the ensayo's clock), KEY_JITTER_MS (0: every key request at the same
// instant; the web app spreads them over 400 ms), FLOOR (1 without a balancer, else 0), SOLO_START
// (1), INSTANCES (1), BALANCER (1 when INSTANCES > 1), BENCH_PORT (3211: the server, or HAProxy;
// the floor takes the next port, instances the ones after), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379 with a balancer), BENCH_PG_URL, DATABASE_POOL_SIZE, WEB_DIST_DIR,
// KEEP_DB=1, BENCH_APP_ROOT, SERVER_NODE_OPTIONS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"),
// HAPROXY (/usr/sbin/haproxy), CHECK_TIMEOUT_S (0: the health check of docs/haproxy.cfg; N adds
// `timeout check Ns`, so that an instance busy with a burst stays in the rotation).
//
// Prints the figures, the CPU each request costs the server(s) and PostgreSQL per phase, a markdown
// row for docs/benchmarks.md and a JSON summary; exits 1 when an acknowledged answer is missing, a
// key or a submit failed or a result never came.
import { createDecipheriv, createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SUBMIT_GRACE_SECONDS } from '../packages/core/src/contracts/scheduled-exam.ts';
import { DEMO_PASSWORD } from '../apps/api/src/seed/demo-accounts.ts';
import { Browser } from './lib/browser.mjs';
import { appClosedLoops, runFloor } from './lib/floor.mjs';
import { mb, memoryOf, ms, percentiles, PhaseMonitor } from './lib/measure.mjs';
import {
  atCleanup,
  cleanup,
  countBy,
  eachLimited,
  insertStudents,
  kb,
  log,
  ROOT,
  scratchDatabase,
  serverEnv,
  signIn,
  sleep,
  startProcess,
  capCpu,
  statusList,
  waitUntilUp,
} from './lib/run.mjs';
import {
  checkAcknowledged,
  questionsOf,
  resultsDisagreeing as countResultsDisagreeing,
  runPacedSaves,
  Student,
} from './lib/students.mjs';

const env = process.env;
const STUDENTS = Number(env.STUDENTS ?? 3000);
const DURATION_S = Number(env.DURATION_S ?? 60);
const INTERVAL_MS = Number(env.INTERVAL_MS ?? 2000);
const CLOSED_S = Number(env.CLOSED_S ?? 10);
const CONCURRENCY = Number(env.CONCURRENCY ?? 64);
const LOGIN_CONCURRENCY = Number(env.LOGIN_CONCURRENCY ?? 4);
const JOIN_CONCURRENCY = Number(env.JOIN_CONCURRENCY ?? 64);
const LEAD_S = Number(env.LEAD_S ?? 90);
const DURATION_MINUTES = Number(env.DURATION_MINUTES ?? 140);
const KEY_JITTER_MS = Number(env.KEY_JITTER_MS ?? 0);
const INSTANCES = Number(env.INSTANCES ?? 1);
const BALANCER = (env.BALANCER ?? (INSTANCES > 1 ? '1' : '0')) === '1';
const FLOOR = (env.FLOOR ?? (BALANCER ? '0' : '1')) === '1';
const SOLO_START = (env.SOLO_START ?? '1') === '1';
// Each instance capped at this many cores (cgroup), so that instances, not the machine, limit
// throughput: how it grows with INSTANCES on a machine with fewer cores than instances need.
const INSTANCE_CPU = Number(env.INSTANCE_CPU ?? 0);
const PG_ADMIN_URL = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.BENCH_REDIS_URL ?? (BALANCER ? 'redis://127.0.0.1:6379' : undefined);
const HAPROXY = env.HAPROXY ?? '/usr/sbin/haproxy';
const CHECK_TIMEOUT_S = Number(env.CHECK_TIMEOUT_S ?? 0);
const PORT = Number(env.BENCH_PORT ?? 3211);
const FLOOR_PORT = PORT + 1;
const instancePort = (i) => (BALANCER ? PORT + 2 + i : PORT);
const SUBJECT = 'Competencia Matemática M1';
const PASSWORD = 'Bench#Scheduled2026';
const ADMIN_EMAIL = 'admin@ensaya.cl';
const APP_ROOT = path.resolve(env.BENCH_APP_ROOT ?? ROOT);
const DB_NAME = `bench_scheduled_${process.pid}`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`;
// The waiting room's retries (scheduled-exam-page.tsx): 1 s after a 409 (too early), else backoff.
const KEY_RETRY_MS = [1000, 2000, 4000, 8000, 15_000];

let dataDir;
const ok200 = (response) => response.status >= 200 && response.status < 300;

// What the pages retry (the waiting room's queries and sealed download, the exam page's reads and
// its submit: after 1, 2, 4, 8, 15 s): a network error or a 5xx is asked again, counted by request
// and status, and the first network error kept for the report.
const retries = new Map();
let firstNetworkError;
async function retried(name, send) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    const retryable = response.status === 0 || response.status >= 500;
    if (!retryable || attempt >= KEY_RETRY_MS.length) return response;
    countBy(retries, `${name} ${response.status}`);
    if (response.error && !firstNetworkError)
      firstNetworkError = `${name}: ${response.error.code ?? ''} ${response.error.message}`;
    await sleep(KEY_RETRY_MS[attempt]);
  }
}

/** docs/haproxy.cfg for the bench: N server lines, and each student's address kept (see below). */
function haproxyConfig(ports) {
  let text = readFileSync(path.join(ROOT, 'docs/haproxy.cfg'), 'utf8');
  // In production HAProxy replaces X-Forwarded-For with the real peer. Here every student comes
  // from 127.0.0.1, and per-address limits (600 saves a minute, the key's) would count 3 000
  // students as one: the generator's per-student address is kept instead (`if-none`), as the
  // students' own addresses would reach a real balancer.
  text = text.replace(/^\s*http-request del-header X-Forwarded-For\s*$/m, '');
  text = text.replace(/^(\s*)option forwardfor\s*$/m, '$1option forwardfor if-none');
  text = text.replace(/^\s*server api\d .*$\n?/gm, '');
  // The health check: production's (every 2 s; an answer slower than 2 s fails it, two failures
  // take the instance out) unless CHECK_TIMEOUT_S gives checks longer to answer. An instance busy
  // with a burst answers its health check seconds late, and taken out it answers 503 to everyone.
  if (CHECK_TIMEOUT_S > 0)
    text = text.replace(/^(\s*)retries 2$/m, `$1timeout check ${CHECK_TIMEOUT_S}s\n$1retries 2`);
  text = text.trimEnd() + '\n';
  text += ports.map((port, i) => `    server api${i + 1} 127.0.0.1:${port}\n`).join('');
  return text;
}

/** AES-256-GCM as the waiting room's `unseal` (WebCrypto's layout: the tag after the ciphertext). */
function unseal(sealed, keyBase64) {
  const key = Buffer.from(keyBase64, 'base64');
  const data = Buffer.from(sealed.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return JSON.parse(
    Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
      'utf8',
    ),
  );
}

/** Sends `send(student)` for every student at the same instant; resolves with the responses. */
async function burst(students, send, jitterMs = 0) {
  return Promise.all(
    students.map(async (student) => {
      if (jitterMs > 0) await sleep(Math.random() * jitterMs);
      return send(student);
    }),
  );
}

async function main() {
  const runDate = new Date().toISOString().slice(0, 10);
  const loadAtStart = loadavg()[0];
  const setup = BALANCER
    ? `${INSTANCES} instance(s) behind HAProxy${CHECK_TIMEOUT_S > 0 ? ` (timeout check ${CHECK_TIMEOUT_S}s)` : ''}`
    : 'one instance';
  log(
    `scheduled ensayo: ${STUDENTS} students, ${setup}; an answer every ${INTERVAL_MS} ms for ${DURATION_S} s`,
  );

  const databaseUrl = await scratchDatabase(PG_ADMIN_URL, DB_NAME);
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-scheduled-'));

  // The server(s), as `npm start` runs it, in production mode; the first one migrates and seeds,
  // the others find nothing to do.
  const servers = [];
  for (let i = 0; i < INSTANCES; i += 1) {
    const port = instancePort(i);
    const serverLog = path.join(dataDir, `server-${i + 1}.log`);
    const started = performance.now();
    const spawnedAt = Date.now();
    const server = startProcess(
      `server ${i + 1}`,
      ['apps/api/src/server.ts'],
      serverEnv({ port, appUrl: ORIGIN, databaseUrl, dataDir, redisUrl: REDIS_URL }),
      serverLog,
      { cwd: APP_ROOT },
    );
    await waitUntilUp(`http://127.0.0.1:${port}/api/health`, server);
    // Capped once up: the start (migrations, the demo seed) runs at full speed.
    if (INSTANCE_CPU > 0) capCpu(server.pid, `ensaya-bench-${process.pid}-${i + 1}`, INSTANCE_CPU);
    log(
      `server ${i + 1} up in ${ms(performance.now() - started)} ms (pid ${server.pid}, port ${port}, spawned at ${spawnedAt} ms since the epoch, log ${serverLog})`,
    );
    servers.push(server);
  }
  const serverPids = servers.map((server) => server.pid);
  const monitor = new PhaseMonitor(serverPids);
  let haproxy;
  if (BALANCER) {
    if (!existsSync(HAPROXY)) throw new Error(`no HAProxy at ${HAPROXY}`);
    const config = path.join(dataDir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(servers.map((_, i) => instancePort(i))));
    haproxy = startProcess(
      'haproxy',
      ['-db', '-f', config],
      { ...env, ENSAYA_LB_BIND: `127.0.0.1:${PORT}` },
      path.join(dataDir, 'haproxy.log'),
      { command: HAPROXY },
    );
    await waitUntilUp(`${ORIGIN}/api/health`, haproxy);
    monitor.watchProcess('haproxy', haproxy.pid);
    log(`HAProxy on ${ORIGIN} (pid ${haproxy.pid}, config ${config})`);
  }
  let floor;
  if (FLOOR) {
    floor = startProcess(
      'floor',
      [path.join(ROOT, 'bench/floor-server.mjs')],
      { ...serverEnv({ port: FLOOR_PORT, appUrl: ORIGIN, databaseUrl, dataDir }) },
      path.join(dataDir, 'floor.log'),
      { cwd: APP_ROOT },
    );
    await waitUntilUp(`${FLOOR_ORIGIN}/floor/attempt/0`, floor);
  }
  const afterBoot = serverPids.map((pid) => memoryOf(pid));

  // The PostgreSQL backends serving the servers, for the CPU each request costs the database.
  const monitorClient = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'bench-monitor',
  });
  // A connection ended from outside (another session terminating backends) must not end the run.
  monitorClient.on('error', (error) => log(`monitor connection: ${error.message}`));
  await monitorClient.connect();
  atCleanup(() => monitorClient.end());
  await monitor.watchDatabase(monitorClient, 'bench-generator');

  // Students with access to PAES M1, straight into the database (one password hash for all).
  const db = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    application_name: 'bench-generator',
  });
  db.on('error', (error) => log(`generator connection: ${error.message}`));
  atCleanup(() => db.end());
  const { subject, users } = await insertStudents(db, {
    count: STUDENTS,
    password: PASSWORD,
    subjectName: SUBJECT,
    tag: process.pid,
  });
  const students = users.map((user, index) => new Student(index, user, ORIGIN));
  log(`${students.length} students with access to ${SUBJECT}`);

  monitor.begin('login');
  const { seconds: loginSeconds, times: loginTimes } = await signIn(
    students,
    PASSWORD,
    LOGIN_CONCURRENCY,
  );
  monitor.end();
  log(`signed in ${students.length} in ${loginSeconds.toFixed(1)} s`);

  // The demo admin schedules the ensayo through the back office, inside the waiting room's window
  // (so that students may join at once); its start is brought forward once everyone has the form.
  const adminBrowser = new Browser(ORIGIN, '10.250.0.1');
  await adminBrowser.request('GET', '/api/csrf-cookie');
  const adminLogin = await adminBrowser.request('POST', '/api/login', {
    email: ADMIN_EMAIL,
    password: DEMO_PASSWORD,
  });
  if (adminLogin.status !== 200) throw new Error(`admin login: ${adminLogin.status}`);
  const created = await adminBrowser.request('POST', '/api/admin/scheduled-exams', {
    title: `Ensayo nacional bench ${process.pid}`,
    subject_id: subject.id,
    starts_at: new Date(Date.now() + 14 * 60_000).toISOString(),
    duration_minutes: DURATION_MINUTES,
    late_join_minutes: 30,
  });
  if (!ok200(created))
    throw new Error(`creating the ensayo: ${created.status} ${created.text().slice(0, 300)}`);
  const exam = created.json().data;
  log(`ensayo ${exam.id} scheduled: ${exam.question_count} questions, starts ${exam.starts_at}`);

  // The waiting room: the list, the join, the sealed form (kept on the device). JOIN_CONCURRENCY
  // students at a time; a real cohort spreads over the 15 minutes of the window.
  const listTimes = [];
  const joinTimes = [];
  const sealedTimes = [];
  const waitingFailures = new Map();
  const sealedHashes = new Map();
  let sealedWire = 0;
  let sealedDecoded = 0;
  let sealedCopy;
  let sealedHeaders;
  monitor.begin('join');
  const joinStarted = performance.now();
  await eachLimited(students, JOIN_CONCURRENCY, async (student) => {
    const list = await retried('list', () =>
      student.browser.request('GET', '/api/scheduled-exams'),
    );
    listTimes.push(list.ms);
    if (list.status !== 200) countBy(waitingFailures, `list ${list.status}`);
    const join = await retried('join', () =>
      student.browser.request('POST', `/api/scheduled-exams/${exam.id}/join`),
    );
    joinTimes.push(join.ms);
    if (!ok200(join)) countBy(waitingFailures, `join ${join.status}`);
  });
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  const joinPhase = monitor.end();
  monitor.begin('sealed');
  const sealedStarted = performance.now();
  await eachLimited(students, JOIN_CONCURRENCY, async (student) => {
    const sealed = await retried('sealed', () =>
      student.browser.request('GET', `/api/scheduled-exams/${exam.id}/sealed`),
    );
    sealedTimes.push(sealed.ms);
    if (sealed.status !== 200) return countBy(waitingFailures, `sealed ${sealed.status}`);
    sealedWire += sealed.buffer.length;
    const hash = createHash('sha256').update(sealed.buffer).digest('hex');
    if (!sealedHashes.has(hash)) {
      const text = sealed.text();
      sealedDecoded = Buffer.byteLength(text);
      sealedHashes.set(hash, createHash('sha256').update(text).digest('hex'));
      sealedCopy ??= JSON.parse(text).data;
      sealedHeaders ??= sealed.headers;
    }
  });
  const sealedSeconds = (performance.now() - sealedStarted) / 1000;
  const sealedPhase = monitor.end();
  if (retries.size > 0)
    log(`waiting room retries: ${statusList(retries)}; the first: ${firstNetworkError ?? '5xx'}`);
  sealedWire /= STUDENTS;
  if (waitingFailures.size > 0)
    throw new Error(`waiting room refused: ${statusList(waitingFailures)}`);
  const distinctSealed = new Set(sealedHashes.values()).size;
  log(
    `joined in ${joinSeconds.toFixed(1)} s, sealed form downloaded in ${sealedSeconds.toFixed(1)} s ` +
      `(${kb(sealedWire)} on the wire, ${kb(sealedDecoded)} decoded, ${distinctSealed} distinct)`,
  );

  // The start, LEAD_S seconds from now: no admin route moves a start, so the row is updated (the
  // only shortcut through the database; every derived time is computed from `starts_at`).
  const startsAt = new Date(Math.ceil((Date.now() + LEAD_S * 1000) / 1000) * 1000);
  await moveStart(db, exam.id, startsAt);
  log(`start moved to ${startsAt.toISOString()} (in ${LEAD_S} s)`);

  // The server prepares the joined students' attempts in batches before the start (its interval,
  // for ensayos starting within 2 minutes); the progress is read from the database every 250 ms
  // (the generator's own connection, not counted in PostgreSQL's CPU).
  monitor.begin('prepare');
  const prepareStarted = performance.now();
  let prepared = 0;
  let firstPreparedS = NaN;
  let preparedSeconds = NaN;
  while (Date.now() < startsAt.getTime() - 1000) {
    const {
      rows: [row],
    } = await db.query(
      'select count(user_test_id)::int as prepared from scheduled_exam_participants where scheduled_exam_id = $1',
      [exam.id],
    );
    prepared = row.prepared;
    const elapsed = (performance.now() - prepareStarted) / 1000;
    if (prepared > 0 && !Number.isFinite(firstPreparedS)) firstPreparedS = elapsed;
    if (prepared >= STUDENTS) {
      preparedSeconds = elapsed;
      break;
    }
    await sleep(250);
  }
  const preparePhase = monitor.end();
  log(
    Number.isFinite(preparedSeconds)
      ? `${prepared} attempts prepared ${firstPreparedS.toFixed(1)}–${preparedSeconds.toFixed(1)} s after the start was moved`
      : `${prepared} of ${STUDENTS} attempts prepared 1 s before the start`,
  );
  await sleep(1000);
  const idle = serverPids.map((pid) => memoryOf(pid));

  // 1. The key, everyone at the same instant (a 409 asks again after 1 s, as the page does).
  await sleep(Math.max(0, startsAt.getTime() - Date.now()));
  monitor.begin('key');
  const keyStarted = performance.now();
  const keyFirstTimes = [];
  const keyStatuses = new Map();
  let keyRetries = 0;
  const keys = await burst(
    students,
    async (student) => {
      const began = performance.now();
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const response = await student.browser.request(
          'POST',
          `/api/scheduled-exams/${exam.id}/key`,
        );
        if (attempt === 0) keyFirstTimes.push(response.ms);
        countBy(keyStatuses, response.status);
        if (response.status === 200)
          return { ...response.json().data, ms: performance.now() - began, at: performance.now() };
        keyRetries += 1;
        if (response.error && !firstNetworkError)
          firstNetworkError = `key: ${response.error.code ?? ''} ${response.error.message}`;
        await sleep(
          response.status === 409 ? 1000 : KEY_RETRY_MS[Math.min(attempt, KEY_RETRY_MS.length - 1)],
        );
      }
      return undefined;
    },
    KEY_JITTER_MS,
  );
  const keyPhase = monitor.end();
  const keyFailures = keys.filter((key) => !key).length;
  if (keyFailures > 0) throw new Error(`${keyFailures} students never got the key`);
  const keySeconds = (Math.max(...keys.map((key) => key.at)) - keyStarted) / 1000;
  const afterKey = serverPids.map((pid) => memoryOf(pid));
  log(
    `keys: p95 ${ms(percentiles(keys.map((k) => k.ms)).p95)} ms, all in ${keySeconds.toFixed(1)} s (${statusList(keyStatuses)})`,
  );
  students.forEach((student, i) => {
    student.attemptId = keys[i].user_test_id;
  });

  // The key opens the sealed form.
  const content = unseal(sealedCopy, keys[0].key);
  const versions = new Set(keys.map((key) => key.version));

  // 2. The exam page reads its attempt, everyone at the same instant.
  monitor.begin('read');
  const reads = await burst(students, (student) =>
    retried('read', () => student.browser.request('GET', `/api/user-tests/${student.attemptId}`)),
  );
  const readPhase = monitor.end();
  const readFailures = new Map();
  for (const response of reads) if (response.status !== 200) countBy(readFailures, response.status);
  if (readFailures.size > 0) throw new Error(`attempt reads refused: ${statusList(readFailures)}`);
  const readWire = reads.reduce((sum, response) => sum + response.buffer.length, 0) / STUDENTS;
  students.forEach((student, i) => {
    student.questions = questionsOf(reads[i].json().data, content);
    if (student.questions.some((question) => question.choiceIds.length === 0))
      throw new Error('a question without choices: adjust questionsOf() to the attempt shape');
  });
  const readTimes = reads.map((response) => response.ms);
  reads.length = 0;
  const questionCount = students[0].questions.length;

  // 3. One answer every INTERVAL_MS per student, then the closed loops.
  monitor.begin('save');
  const saves = await runPacedSaves(students, { intervalMs: INTERVAL_MS, durationS: DURATION_S });
  const savePhase = monitor.end();
  log(
    `saves: ${saves.acknowledgedInWindow} acknowledged of ${saves.made} made in ${saves.seconds.toFixed(1)} s`,
  );
  const closedOptions = { concurrency: CONCURRENCY, seconds: CLOSED_S };
  const closed =
    CLOSED_S > 0 ? await appClosedLoops(monitor, ORIGIN, students, closedOptions) : undefined;

  // 4. Everyone submits at the same instant (acknowledged at once), then reads its result until
  //    it is there (202 while it is scored).
  monitor.begin('submit');
  const submitStarted = performance.now();
  const submitted = await burst(students, (student) =>
    retried('submit', () =>
      // As the runner sends it: acknowledged at once (202), scored in batches by the server.
      student.browser.request(
        'POST',
        `/api/user-tests/${student.attemptId}/submit`,
        undefined,
        undefined,
        { prefer: 'respond-async' },
      ),
    ),
  );
  const submitPhase = monitor.end();
  const lastSubmit = submitStarted + Math.max(...submitted.map((response) => response.ms));
  const submitFailures = new Map();
  const results = new Map();
  submitted.forEach((response, i) => {
    if (!ok200(response)) return countBy(submitFailures, response.status);
    const result = response.status === 200 ? response.json()?.data : undefined;
    if (result?.user_test_id === students[i].attemptId && typeof result.total === 'number')
      results.set(students[i], { result, at: submitStarted + response.ms });
  });
  log(
    `submitted: p95 ${ms(percentiles(submitted.map((r) => r.ms)).p95)} ms (${statusList(submitFailures)} failed; ${results.size} answered with the result)`,
  );
  if (results.size < students.length) monitor.begin('results');
  let resultRequests = 0;
  let resultRequestsOk = 0;
  const resultStatuses = new Map();
  const resultsUntil = performance.now() + 600_000;
  // Each page on its own, as the result page reads (get-result.ts): after 0.25, 0.5, 1, then every
  // 2 s, or later when the server's 202 says so (`retry_after_s`, from its backlog).
  const RESULT_WAITS_MS = [250, 500, 1000, 2000];
  await Promise.all(
    students
      .filter((student) => !results.has(student))
      .map(async (student) => {
        for (let round = 0; performance.now() < resultsUntil; round += 1) {
          const response = await student.browser.request(
            'GET',
            `/api/user-tests/${student.attemptId}/result`,
          );
          resultRequests += 1;
          countBy(resultStatuses, response.status);
          if (response.status === 200) {
            resultRequestsOk += 1;
            results.set(student, { result: response.json().data, at: performance.now() });
            return;
          }
          const asked = response.status === 202 ? response.json()?.data?.retry_after_s : undefined;
          const wait = RESULT_WAITS_MS[Math.min(round, RESULT_WAITS_MS.length - 1)];
          await sleep(Math.max(wait, (asked ?? 0) * 1000));
        }
      }),
  );
  const resultsPhase = resultRequests > 0 ? monitor.end() : undefined;
  const lastResult = Math.max(lastSubmit, ...[...results.values()].map((entry) => entry.at));
  const resultsSeconds = (lastResult - lastSubmit) / 1000;
  const resultsMissing = students.length - results.size;
  log(
    `results: ${results.size} of ${students.length}, the last ${resultsSeconds.toFixed(1)} s after the last submit (${resultRequests} requests: ${statusList(resultStatuses)})`,
  );
  // The cohort's results (`GET /api/scheduled-exams/:id/results`) open when every clock and its
  // grace have ended (starts_at + DURATION_MINUTES + 2 min): instead of waiting, the ensayo's start
  // is moved back so that it ends now (the same row update as above), and every student asks for
  // the results at the same instant, as the page does when its clock crosses the end; a 409 (not
  // ready) is asked again after 2 s. The first request computes the cohort's figures.
  const early = await students[0].browser.request('GET', `/api/scheduled-exams/${exam.id}/results`);
  await moveStart(
    db,
    exam.id,
    new Date(Date.now() - (DURATION_MINUTES * 60 + SUBMIT_GRACE_SECONDS + 1) * 1000),
  );
  monitor.begin('cohort results');
  const closedAt = performance.now();
  const cohortStatuses = new Map();
  let cohortRequests = 0;
  const cohortResults = await burst(students, async (student) => {
    const began = performance.now();
    while (performance.now() - closedAt < 600_000) {
      const response = await student.browser.request(
        'GET',
        `/api/scheduled-exams/${exam.id}/results`,
      );
      cohortRequests += 1;
      countBy(cohortStatuses, response.status);
      if (response.status === 200)
        return { data: response.json().data, ms: performance.now() - began, at: performance.now() };
      await sleep(2000);
    }
    return undefined;
  });
  const cohortPhase = monitor.end();
  const cohortMissing = cohortResults.filter((entry) => !entry).length;
  const cohortSeconds =
    (Math.max(...cohortResults.filter(Boolean).map((entry) => entry.at)) - closedAt) / 1000;
  const cohortCounts = new Set(cohortResults.filter(Boolean).map((e) => e.data.participant_count));
  log(
    `cohort results: ${STUDENTS - cohortMissing} of ${STUDENTS}, the last ${cohortSeconds.toFixed(1)} s after the close (${statusList(cohortStatuses)}; before the close: ${early.status})`,
  );

  // Every acknowledged answer is in the database, as acknowledged, and counts in the result.
  const { lost, checked, storedByKey } = await checkAcknowledged(db, students);
  const resultsDisagreeing = countResultsDisagreeing(
    new Map([...results].map(([student, entry]) => [student, entry.result])),
    storedByKey,
  );
  log(`checked ${checked} acknowledged answers: ${lost} lost`);

  // 5. The floor, as in the classroom run.
  const floorRun = FLOOR
    ? await runFloor(monitor, FLOOR_ORIGIN, students, {
        ...closedOptions,
        intervalMs: INTERVAL_MS,
        durationS: DURATION_S,
      })
    : undefined;

  // 6. The solo start (bench/classroom.mjs's start phase): everyone at the same instant.
  let soloStart;
  let soloPhase;
  if (SOLO_START) {
    monitor.begin('solo start');
    const started = await burst(students, (student) =>
      student.browser.request('POST', '/api/user-tests', {
        subject_id: subject.id,
        mode: 'mock_exam',
        random_question: true,
        random_answer: true,
        study_mode: false,
      }),
    );
    soloPhase = monitor.end();
    const failures = new Map();
    for (const response of started) if (response.status !== 201) countBy(failures, response.status);
    soloStart = { ...percentiles(started.map((r) => r.ms)), failures };
    log(`solo starts: p95 ${ms(soloStart.p95)} ms (failed: ${statusList(failures)})`);
  }
  monitor.stop();
  const peak = serverPids.map((pid) => memoryOf(pid));
  await Promise.all(students.map((student) => student.browser.close()));
  await adminBrowser.close();

  // ------------------------------------------------------------------------------------------
  const login = percentiles(loginTimes);
  const list = percentiles(listTimes);
  const join = percentiles(joinTimes);
  const sealedP = percentiles(sealedTimes);
  const key = percentiles(keys.map((k) => k.ms));
  const keyFirst = percentiles(keyFirstTimes);
  const read = percentiles(readTimes);
  const save = percentiles(saves.saveLatencies);
  const saveRequest = percentiles(saves.requestLatencies);
  const submit = percentiles(submitted.map((r) => r.ms));
  const offered = saves.made / saves.seconds;
  const served = saves.acknowledgedInWindow / saves.seconds;
  const peakHwm = Math.max(...peak.map((m) => m.hwm));
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  const line = (label, p, extra = '') =>
    console.log(
      `  ${label.padEnd(30)} p50 ${ms(p.p50).padStart(6)}  p95 ${ms(p.p95).padStart(6)}  p99 ${ms(p.p99).padStart(6)} ms  (n ${p.n})${extra}`,
    );
  // CPU per operation: the server(s) and the PostgreSQL backends serving them, in ms.
  const cost = (phase, count) =>
    phase && count > 0
      ? {
          count,
          serverMs: (phase.serverCpuSeconds * 1000) / count,
          dbMs: (phase.dbCpuSeconds * 1000) / count,
          haproxyMs:
            phase.others.haproxy === undefined ? NaN : (phase.others.haproxy * 1000) / count,
          wallS: phase.seconds,
        }
      : undefined;
  const costs = {
    login: cost(monitor.phases.get('login'), STUDENTS),
    'list + join': cost(joinPhase, STUDENTS),
    sealed: cost(sealedPhase, STUDENTS),
    'prepared attempt': cost(preparePhase, prepared),
    key: cost(keyPhase, sum([...keyStatuses.values()])),
    'attempt read': cost(readPhase, STUDENTS),
    'save request': cost(savePhase, saves.requests),
    'save @64 (closed loop)': closed && cost(closed.appSave.phase, closed.appSave.ok),
    submit: cost(submitPhase, STUDENTS),
    'result read': cost(resultsPhase, resultRequests),
    'cohort results read': cost(cohortPhase, cohortRequests),
    'solo start': cost(soloPhase, STUDENTS),
  };
  console.log('');
  console.log(
    `Scheduled ensayo: ${STUDENTS} students, ${setup}, PAES M1 (${questionCount} questions), an answer every ${INTERVAL_MS} ms for ${DURATION_S} s (${runDate})`,
  );
  console.log(
    `  machine                        ${availableParallelism()} cores; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end (other work on the machine skews every figure)`,
  );
  console.log(
    `  login                          ${loginSeconds.toFixed(1)} s for all (${LOGIN_CONCURRENCY} at a time); each p50 ${ms(login.p50)} p95 ${ms(login.p95)} ms`,
  );
  line('waiting room list', list);
  if (retries.size > 0)
    console.log(
      `  retries (network error, 5xx)   ${statusList(retries)} (the first: ${firstNetworkError ?? '5xx'})`,
    );
  line('join', join, `  all in ${joinSeconds.toFixed(1)} s (${JOIN_CONCURRENCY} at a time)`);
  line(
    'sealed form',
    sealedP,
    `  all in ${sealedSeconds.toFixed(1)} s; ${kb(sealedWire)} on the wire (${sealedHeaders?.['content-encoding'] ?? 'identity'}), ${kb(sealedDecoded)} decoded; ${distinctSealed} distinct; cache-control ${sealedHeaders?.['cache-control'] ?? '–'}`,
  );
  console.log(
    `  attempts prepared              ${prepared} of ${STUDENTS}${Number.isFinite(preparedSeconds) ? `, the first ${firstPreparedS.toFixed(1)} s and the last ${preparedSeconds.toFixed(1)} s after the start was set` : ' (not all before the start)'} ${LEAD_S} s ahead`,
  );
  line(
    'key (same instant)',
    key,
    `  all in ${keySeconds.toFixed(1)} s (${(STUDENTS / keySeconds).toFixed(0)}/s); statuses ${statusList(keyStatuses)}; retries ${keyRetries}`,
  );
  line('key, first answer', keyFirst);
  console.log(
    `  the key opens the form         yes (${content.questions?.length ?? '?'} questions decrypted; key versions ${versions.size})`,
  );
  line('attempt read (same instant)', read, `  on the wire ${kb(readWire)}`);
  line('save (answer → acknowledged)', save);
  line('save request', saveRequest, `  ${saves.requests} requests`);
  console.log(
    `  saves served / offered         ${served.toFixed(0)} / ${offered.toFixed(0)} per s; refused or failed: ${statusList(saves.refusals)}; still unacknowledged at the end: ${saves.unacknowledged}`,
  );
  line('submit (same instant)', submit, `  failed: ${statusList(submitFailures)}`);
  console.log(
    `  results                        ${results.size} of ${STUDENTS} ready; the last ${resultsSeconds.toFixed(1)} s after the last submit (${results.size - resultRequestsOk} in the submit's answer, ${resultRequests} result reads: ${statusList(resultStatuses)})`,
  );
  line(
    'cohort results (at the close)',
    percentiles(cohortResults.filter(Boolean).map((entry) => entry.ms)),
    `  all ${cohortSeconds.toFixed(1)} s after the close; statuses ${statusList(cohortStatuses)}; participant_count ${[...cohortCounts].join(', ')}; before the close ${early.status}`,
  );
  console.log(
    `  lost answers                   ${lost} of ${checked} acknowledged; results not counting every acknowledged answer: ${resultsDisagreeing}`,
  );
  const memories = (list_) => list_.map((m) => mb(m.rss)).join(' + ');
  console.log(
    `  server memory (RSS)            after boot ${memories(afterBoot)}, idle before the start ${memories(idle)}, after the keys ${memories(afterKey)}, peak ${peak.map((m) => mb(m.hwm)).join(' + ')} (VmHWM)`,
  );
  if (soloStart)
    line('solo start (same instant)', soloStart, `  failed: ${statusList(soloStart.failures)}`);
  if (closed) {
    console.log(`  at ${CONCURRENCY} connections, closed loop (${CLOSED_S} s each):`);
    for (const r of [closed.appSave, closed.appRead])
      console.log(
        `    ${r.name.padEnd(16)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)} ms  statuses ${statusList(r.statuses)}`,
      );
  }
  if (floorRun) {
    line(
      'floor save, same pattern',
      floorRun.paced,
      `  served ${floorRun.servedPerS.toFixed(0)} / ${floorRun.madePerS.toFixed(0)} per s`,
    );
    for (const r of [floorRun.floorSaveClosed, floorRun.floorReadClosed])
      console.log(
        `    ${r.name.padEnd(16)} ${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(r.p50)}  p99 ${ms(r.p99)} ms  statuses ${statusList(r.statuses)}`,
      );
    if (closed)
      console.log(
        `    saves app/floor ${((closed.appSave.perSecond / floorRun.floorSaveClosed.perSecond) * 100).toFixed(0)} %, read app/floor ${((closed.appRead.perSecond / floorRun.floorReadClosed.perSecond) * 100).toFixed(0)} %`,
      );
  }
  console.log(
    '  CPU per operation (ms of one core): server(s), PostgreSQL backends' +
      (BALANCER ? ', HAProxy' : ''),
  );
  for (const [name, c] of Object.entries(costs))
    if (c)
      console.log(
        `    ${name.padEnd(24)} server ${c.serverMs.toFixed(2).padStart(6)}  PostgreSQL ${c.dbMs.toFixed(2).padStart(6)}${BALANCER ? `  HAProxy ${c.haproxyMs.toFixed(2).padStart(5)}` : ''}  (${c.count} in ${c.wallS.toFixed(1)} s)`,
      );
  console.log(
    '  per phase: peak RSS (largest instance), server CPU, PostgreSQL CPU, generator CPU (% of one core), generator event-loop delay p99',
  );
  for (const phase of monitor.phases.values())
    console.log(
      `    ${phase.name.padEnd(15)} ${phase.seconds.toFixed(1).padStart(6)} s  ${mb(phase.peakRss).padStart(8)}  server ${phase.serverCpuPct.toFixed(0).padStart(3)} %  PostgreSQL ${((phase.dbCpuSeconds / phase.seconds) * 100).toFixed(0).padStart(3)} %  generator ${phase.generatorCpuPct.toFixed(0).padStart(3)} %  loop p99 ${ms(phase.generatorLoopP99Ms)} ms`,
    );
  const mode = BALANCER
    ? `${INSTANCES} behind HAProxy${CHECK_TIMEOUT_S > 0 ? `, check ${CHECK_TIMEOUT_S} s` : ''}`
    : 'one instance';
  console.log('');
  console.log('Markdown row for docs/benchmarks.md (scheduled ensayo):');
  console.log(
    `| ${runDate} | ${mode} | ${STUDENTS} | ${DURATION_S} s | ${kb(sealedWire)} | ${Number.isFinite(preparedSeconds) ? `${(preparedSeconds - firstPreparedS).toFixed(1)} s` : `${prepared}/${STUDENTS}`} | ${ms(key.p50)} / ${ms(key.p95)} / ${ms(key.p99)} | ${(STUDENTS / keySeconds).toFixed(0)} | ${ms(read.p95)} | ${ms(save.p50)} / ${ms(save.p95)} / ${ms(save.p99)} | ${served.toFixed(0)} / ${offered.toFixed(0)} | ${closed ? closed.appSave.perSecond.toFixed(0) : '–'} | ${ms(submit.p50)} / ${ms(submit.p95)} / ${ms(submit.p99)} | ${resultsSeconds.toFixed(1)} s / ${cohortSeconds.toFixed(1)} s | ${lost} of ${checked} | ${mb(peakHwm)} | ${soloStart ? ms(soloStart.p95) : '–'} | ${loadAtStart.toFixed(1)}–${loadavg()[0].toFixed(1)} |`,
  );
  const summary = {
    date: runDate,
    setup: { instances: INSTANCES, balancer: BALANCER, redis: Boolean(REDIS_URL) },
    loadAverage: { start: loadAtStart, end: loadavg()[0] },
    students: STUDENTS,
    durationS: DURATION_S,
    questions: questionCount,
    loginSeconds,
    login,
    list,
    join,
    joinSeconds,
    retries: Object.fromEntries(retries),
    firstNetworkError,
    sealed: { ...sealedP, seconds: sealedSeconds, wire: sealedWire, decoded: sealedDecoded },
    prepared,
    firstPreparedS,
    preparedSeconds,
    key,
    keyFirst,
    keySeconds,
    keyStatuses: Object.fromEntries(keyStatuses),
    keyRetries,
    read,
    readWire,
    save,
    saveRequest,
    savesServedPerS: served,
    savesOfferedPerS: offered,
    saveRefusals: Object.fromEntries(saves.refusals),
    unacknowledged: saves.unacknowledged,
    closedLoop: closed && {
      save: {
        perSecond: closed.appSave.perSecond,
        p50: closed.appSave.p50,
        p99: closed.appSave.p99,
      },
      read: {
        perSecond: closed.appRead.perSecond,
        p50: closed.appRead.p50,
        p99: closed.appRead.p99,
      },
    },
    submit,
    submitFailures: Object.fromEntries(submitFailures),
    resultsSeconds,
    resultsMissing,
    resultStatuses: Object.fromEntries(resultStatuses),
    cohortResults: {
      ...percentiles(cohortResults.filter(Boolean).map((entry) => entry.ms)),
      seconds: cohortSeconds,
      missing: cohortMissing,
      statuses: Object.fromEntries(cohortStatuses),
      beforeClose: early.status,
    },
    lost,
    checked,
    resultsDisagreeing,
    memoryKb: { afterBoot, idle, afterKey, peak },
    soloStart: soloStart && { ...soloStart, failures: Object.fromEntries(soloStart.failures) },
    floor: floorRun && {
      paced: floorRun.paced,
      servedPerS: floorRun.servedPerS,
      save: floorRun.floorSaveClosed.perSecond,
      read: floorRun.floorReadClosed.perSecond,
    },
    costs,
    phases: [...monitor.phases.values()],
    // Epoch ms minus CLOCK_MONOTONIC ms: a CPU profile's sample times (monotonic µs) to epoch ms,
    // to cut it by phase (bench/profile-phases.mjs).
    epochMinusMonotonicMs: Date.now() - Number(process.hrtime.bigint()) / 1e6,
  };
  console.log('');
  console.log(`JSON ${JSON.stringify(summary)}`);
  return (
    lost === 0 &&
    submitFailures.size === 0 &&
    resultsMissing === 0 &&
    cohortMissing === 0 &&
    resultsDisagreeing === 0 &&
    (!soloStart || soloStart.failures.size === 0)
  );
}

/** Brings the ensayo's start to `startsAt` (the bench's one write to a table of the feature). */
async function moveStart(db, examId, startsAt) {
  const { rowCount } = await db.query('update scheduled_exams set starts_at = $2 where id = $1', [
    examId,
    startsAt,
  ]);
  if (rowCount !== 1) throw new Error(`could not move the start of ensayo ${examId}`);
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
