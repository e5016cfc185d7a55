// A national mock exam on one server: STUDENTS students sign in, start the PAES M1 mock
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
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
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
// The checkout whose server is measured: this one, or another (e.g. an export of an older commit
// with its own node_modules) to compare before and after with the same generator.
const APP_ROOT = path.resolve(process.env.BENCH_APP_ROOT ?? ROOT);
const DB_NAME = `bench_classroom_${process.pid}`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const FLOOR_ORIGIN = `http://127.0.0.1:${FLOOR_PORT}`;

let dataDir;

async function main() {
  const runDate = new Date().toISOString().slice(0, 10);
  const loadAtStart = loadavg()[0];
  log(
    `classroom: ${STUDENTS} students, one answer every ${INTERVAL_MS} ms for ${DURATION_S} s; ` +
      `${CONCURRENCY} connections for ${CLOSED_S} s per closed-loop phase`,
  );

  // A database of its own.
  const databaseUrl = await scratchDatabase(PG_ADMIN_URL, DB_NAME);

  // The server, as `npm start` runs it, in production mode.
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-classroom-'));
  const serverLog = path.join(dataDir, 'server.log');
  const env = serverEnv({ port: PORT, appUrl: ORIGIN, databaseUrl, dataDir });
  const serverStarted = performance.now();
  const server = startProcess('server', ['apps/api/src/server.ts'], env, serverLog, {
    cwd: APP_ROOT,
  });
  await waitUntilUp(`${ORIGIN}/api/health`, server);
  log(
    `server up in ${ms(performance.now() - serverStarted)} ms (pid ${server.pid}, log ${serverLog})`,
  );
  const floor = startProcess(
    'floor',
    [path.join(ROOT, 'bench/floor-server.mjs')],
    { ...env, PORT: String(FLOOR_PORT) },
    path.join(dataDir, 'floor.log'),
    { cwd: APP_ROOT },
  );
  await waitUntilUp(`${FLOOR_ORIGIN}/floor/attempt/0`, floor);
  const monitor = new PhaseMonitor(server.pid);
  const afterBoot = memoryOf(server.pid);

  // Students with access to PAES M1, straight into the database (one password hash for all).
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  atCleanup(() => db.end());
  const { subject, users } = await insertStudents(db, {
    count: STUDENTS,
    password: PASSWORD,
    subjectName: SUBJECT,
    tag: process.pid,
  });
  const students = users.map((user, index) => new Student(index, user, ORIGIN));
  log(`${students.length} students with access to ${SUBJECT}`);

  // Sign in through the real endpoint, paced.
  monitor.begin('login');
  const { seconds: loginSeconds, times: loginTimes } = await signIn(
    students,
    PASSWORD,
    LOGIN_CONCURRENCY,
  );
  monitor.end();
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

  // One answer every INTERVAL_MS per student, spread evenly (the exam page's save queue).
  monitor.begin('save');
  const saves = await runPacedSaves(students, { intervalMs: INTERVAL_MS, durationS: DURATION_S });
  const savePhase = monitor.end();
  const {
    made,
    acknowledgedInWindow,
    requests,
    saveLatencies,
    requestLatencies,
    refusals: saveRefusals,
    unacknowledged,
    seconds: saveSeconds,
  } = saves;
  log(`saves: ${acknowledgedInWindow} acknowledged of ${made} made in ${saveSeconds.toFixed(1)} s`);

  // Closed loop at a fixed concurrency, the app and the floor alike; the first second is warm-up.
  const closedOptions = { concurrency: CONCURRENCY, seconds: CLOSED_S };
  const { appSave, appRead } = await appClosedLoops(monitor, ORIGIN, students, closedOptions);
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

  // Every acknowledged answer is in the database, as acknowledged, and counts in the result.
  const { lost, checked, storedByKey } = await checkAcknowledged(db, students);
  log(`checked ${checked} acknowledged answers: ${lost} lost`);
  const resultsDisagreeing = countResultsDisagreeing(results, storedByKey);

  // The floor: the same students and rows, the same pattern, then 64 connections closed loop.
  const floorRun = await runFloor(monitor, FLOOR_ORIGIN, students, {
    ...closedOptions,
    intervalMs: INTERVAL_MS,
    durationS: DURATION_S,
  });
  const { floorSaveClosed, floorReadClosed } = floorRun;
  monitor.stop();
  const peak = memoryOf(server.pid);
  await Promise.all(students.map((student) => student.browser.close()));

  // ------------------------------------------------------------------------------------------
  const login = percentiles(loginTimes);
  const start = percentiles(started.map((r) => r.ms));
  const content = percentiles(contentTimes);
  const begin = percentiles(begun.map((r) => r.ms));
  const save = percentiles(saveLatencies);
  const saveRequest = percentiles(requestLatencies);
  const submit = percentiles(submitted.map((r) => r.ms));
  const floorPaced = floorRun.paced;
  const offered = made / saveSeconds;
  const served = acknowledgedInWindow / saveSeconds;
  const saveRatio = appSave.perSecond / floorSaveClosed.perSecond;
  const readRatio = appRead.perSecond / floorReadClosed.perSecond;
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
    `  served ${floorRun.servedPerS.toFixed(0)} / ${floorRun.madePerS.toFixed(0)} per s`,
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
