// The statistics bench over HTTP. See bench/README.md for the load model.
//
// The server runs in its own process as `npm start` runs it (node apps/api/src/server.ts,
// NODE_ENV=production, DATABASE_URL on the kept database); this process is only the load
// generator. STUDENTS (100) distinct synthetic students, each signed in with a session of its own
// (written straight into `sessions`, as a login would), each behind an address of its own
// (X-Forwarded-For with TRUST_PROXY, so the per-address rate limit counts per student as in
// production; RATE_LIMIT_MAX is raised because the closed loop asks far more than a person does).
// Every request sends `accept-encoding: br, gzip` and reads the whole answer.
//
// (a) closed loop: each student has one keep-alive connection and sends the pages' calls back to
//     back, for CLOSED_SECONDS: the stress figure.
// (b) pages: each student loads a whole page (dashboard, statistics or history, in turn) with its
//     calls in parallel (up to 6 connections, as a browser), then thinks 1-3 s: the realistic figure.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { prepareKeptDatabase } from './stats-prepare.mjs';
import { ATTEMPTS_PER_STUDENT } from './stats-data.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const QUICK = process.env.QUICK === '1';
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const STUDENTS = Number(process.env.STUDENTS ?? 100);
const WARM_SECONDS = Number(process.env.WARM_SECONDS ?? (QUICK ? 3 : 10));
const CLOSED_SECONDS = Number(process.env.CLOSED_SECONDS ?? (QUICK ? 10 : 30));
const PAGES_SECONDS = Number(process.env.PAGES_SECONDS ?? (QUICK ? 15 : 60));
const SCALE = Number(process.env.SCALE ?? (QUICK ? 100_000 : 10_000_000));
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const dbName = process.env.BENCH_DB ?? `bench_stats_${label(SCALE).toLowerCase()}`;
const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const databaseUrl = await prepareKeptDatabase({
  serverUrl,
  name: dbName,
  attempts: SCALE,
  regenerate: process.env.REGENERATE === '1',
  log,
});
if (process.env.PREPARE_ONLY === '1') process.exit(0);

const base = `http://127.0.0.1:${PORT}`;
const server = startServer(databaseUrl);
const memory = watchMemory(server.pid);
let failed = false;
try {
  await waitForHealth();
  memory.mark('idle');
  const students = await signInStudents(databaseUrl);
  log(`${students.length} students signed in; server RSS idle ${mb(memory.current())}`);

  log(`warm-up (closed loop, ${WARM_SECONDS} s)…`);
  await closedLoop(students, WARM_SECONDS);

  log(`(a) closed loop: ${students.length} connections back to back for ${CLOSED_SECONDS} s…`);
  memory.reset();
  let cpu = await cpuMeter(databaseUrl);
  const closed = await closedLoop(students, CLOSED_SECONDS);
  report('(a) closed loop', closed, CLOSED_SECONDS, memory.peak(), await cpu());

  log(
    `(b) pages: ${students.length} students, a page then 1-3 s of thought, for ${PAGES_SECONDS} s…`,
  );
  memory.reset();
  cpu = await cpuMeter(databaseUrl);
  const pages = await pageLoop(students, PAGES_SECONDS);
  report('(b) pages with think time', pages, PAGES_SECONDS, memory.peak(), await cpu());
  console.log(
    `\nserver peak RSS over the run (VmHWM): ${mb(memory.highWater())}; idle after start: ${mb(memory.at('idle'))}`,
  );
  console.log(
    `database ${dbName}: ${SCALE.toLocaleString('en')} synthetic attempts, ${(SCALE / ATTEMPTS_PER_STUDENT).toLocaleString('en')} students`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  memory.stop();
  await stopServer(server);
}
process.exit(failed ? 1 : 0);

function label(size) {
  return size >= 1_000_000 ? `${size / 1_000_000}M` : `${size / 1000}k`;
}

function mb(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function startServer(url) {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. --cpu-prof.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      APP_URL: base,
      DATABASE_URL: url,
      PAYMENT_GATEWAY: 'sandbox',
      COOKIE_SECURE: 'false',
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      REDIS_URL: process.env.BENCH_REDIS_URL ?? '',
      DATA_DIR: path.join('/tmp', `ensaya-bench-stats-${PORT}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => process.env.BENCH_VERBOSE && process.stdout.write(chunk));
  child.stderr.on('data', (chunk) => process.stderr.write(`[server] ${chunk}`));
  child.exited = new Promise((resolve) => child.on('exit', resolve));
  return child;
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const exited = await Promise.race([
    child.exited.then(() => true),
    sleep(15_000).then(() => false),
  ]);
  if (!exited) {
    child.kill('SIGKILL');
    await child.exited;
  }
}

async function waitForHealth() {
  // Pending migrations run at start; on a 10 M database an index can take minutes.
  const deadline = Date.now() + 30 * 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('the server did not answer /api/health');
}

/** Resident memory of the server process, sampled every 100 ms from /proc. */
function watchMemory(pid) {
  const read = (field) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const match = status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = 0;
  let last = 0;
  const marks = {};
  const timer = setInterval(() => {
    last = read('VmRSS');
    peak = Math.max(peak, last);
  }, 100);
  return {
    current: () => (last = read('VmRSS')),
    mark: (name) => (marks[name] = read('VmRSS')),
    at: (name) => marks[name],
    reset: () => (peak = read('VmRSS')),
    peak: () => Math.max(peak, read('VmRSS')),
    highWater: () => read('VmHWM'),
    stop: () => clearInterval(timer),
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields; the slice starts at the 3rd.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU used by the server process and by the PostgreSQL backends serving it during a phase: per
 * request, these do not depend on what else the machine runs, unlike the latencies.
 */
async function cpuMeter(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const backends = async () =>
    (
      await client.query(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
  const start = { server: cpuSecondsOf(server.pid), db: new Map() };
  for (const pid of await backends()) start.db.set(pid, cpuSecondsOf(pid));
  return async () => {
    const serverSeconds = cpuSecondsOf(server.pid) - start.server;
    let dbSeconds = 0;
    for (const pid of await backends()) {
      const now = cpuSecondsOf(pid);
      if (now !== undefined) dbSeconds += now - (start.db.get(pid) ?? 0);
    }
    await client.end();
    return { serverSeconds, dbSeconds };
  };
}

/**
 * STUDENTS synthetic students spread over the whole population, each with a session row of its
 * own (the cookie's token, stored as its SHA-256, as the sessions plugin does) and the subject of
 * one of its attempts.
 */
async function signInStudents(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const population = SCALE / ATTEMPTS_PER_STUDENT;
    const students = [];
    for (let i = 0; i < STUDENTS; i++) {
      const n = Math.floor((i * population) / STUDENTS);
      const { rows } = await client.query(
        `select st.user_id, s.subject_id from bench_students st
         join user_subject_stats s on s.user_id = st.user_id
         where st.n = $1 order by s.subject_id, s.type`,
        [n],
      );
      if (rows.length === 0) throw new Error(`synthetic student ${n} has no statistics`);
      const token = randomBytes(32).toString('base64url');
      await client.query(
        `insert into sessions (id, user_id, csrf_token, ip, user_agent, expires_at)
         values ($1, $2, $3, $4, 'bench/stats', now() + interval '1 day')`,
        [
          createHash('sha256').update(token).digest('hex'),
          rows[0].user_id,
          randomBytes(32).toString('base64url'),
          address(i),
        ],
      );
      const subjectId = rows[i % rows.length].subject_id;
      students.push({
        index: i,
        headers: {
          cookie: `ensaya_session=${token}`,
          'accept-encoding': 'br, gzip',
          accept: 'application/json',
          'x-forwarded-for': address(i),
          'user-agent': 'bench/stats',
        },
        pages: pagesFor(subjectId),
      });
    }
    return students;
  } finally {
    await client.end();
  }
}

function address(i) {
  return `10.14.${(i >> 8) & 255}.${i & 255}`;
}

/** The calls each page makes when it opens (apps/web/src/app/routes and features/insights/{dashboard,statistics,history}). */
function pagesFor(subjectId) {
  const scope = `subject_id=${subjectId}`;
  return {
    dashboard: ['/api/me', '/api/user-subscriptions/after-login', '/api/dashboard'],
    statistics: [
      '/api/subjects',
      `/api/user-subject-stats?${scope}`,
      `/api/my-percentages-gauss?${scope}`,
      `/api/themes-stats?${scope}`,
      `/api/themes-stats-general?${scope}`,
      `/api/user-theme-stats-column?${scope}`,
    ],
    history: [
      '/api/subjects',
      `/api/subjects/${subjectId}/user-tests?type=custom&sort=date&order=desc&page=1&per_page=10`,
    ],
  };
}

function endpointOf(url) {
  return url.replace(/\?.*/, '').replace(/\/subjects\/\d+\//, '/subjects/:id/');
}

function request(agent, url, headers) {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const req = http.request(
      { host: '127.0.0.1', port: PORT, path: url, method: 'GET', agent, headers },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: Number(process.hrtime.bigint() - start) / 1e6,
            bytes,
            encoding: res.headers['content-encoding'] ?? 'identity',
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function newSamples() {
  return { byEndpoint: new Map(), pages: new Map(), errors: 0, errorSample: undefined };
}

function record(samples, url, result) {
  if (result.status !== 200) {
    samples.errors += 1;
    samples.errorSample ??= `${url}: ${result.status}`;
    return;
  }
  const key = endpointOf(url);
  let entry = samples.byEndpoint.get(key);
  if (!entry) samples.byEndpoint.set(key, (entry = { times: [], bytes: 0, encodings: new Set() }));
  entry.times.push(result.ms);
  entry.bytes += result.bytes;
  entry.encodings.add(result.encoding);
}

async function closedLoop(students, seconds) {
  const samples = newSamples();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    students.map(async (student) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const calls = [
        ...student.pages.dashboard,
        ...student.pages.statistics,
        ...student.pages.history,
      ];
      // Each student starts at a different call, so the connections do not move in step.
      for (let k = student.index; Date.now() < until; k++) {
        const url = calls[k % calls.length];
        record(samples, url, await request(agent, url, student.headers));
      }
      agent.destroy();
    }),
  );
  return samples;
}

async function pageLoop(students, seconds) {
  const samples = newSamples();
  const until = Date.now() + seconds * 1000;
  const names = ['dashboard', 'statistics', 'history'];
  await Promise.all(
    students.map(async (student) => {
      // A browser opens up to 6 connections to one host over HTTP/1.1.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
      await sleep(Math.random() * 3000);
      for (let k = student.index; Date.now() < until; k++) {
        const name = names[k % names.length];
        const start = process.hrtime.bigint();
        const results = await Promise.all(
          student.pages[name].map((url) => request(agent, url, student.headers)),
        );
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        student.pages[name].forEach((url, j) => record(samples, url, results[j]));
        if (!samples.pages.has(name)) samples.pages.set(name, []);
        samples.pages.get(name).push(ms);
        await sleep(1000 + Math.random() * 2000);
      }
      agent.destroy();
    }),
  );
  return samples;
}

function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

function report(title, samples, seconds, peakRss, cpu) {
  const all = [...samples.byEndpoint.values()].flatMap((entry) => entry.times);
  const total = percentiles(all);
  console.log(
    `\n${title}: ${all.length} requests in ${seconds} s, ${(all.length / seconds).toFixed(0)} req/s, errors ${samples.errors}${samples.errorSample ? ` (${samples.errorSample})` : ''}, server peak RSS ${mb(peakRss)}`,
  );
  console.log(
    `CPU per request: server process ${((cpu.serverSeconds * 1000) / all.length).toFixed(2)} ms, PostgreSQL backends ${((cpu.dbSeconds * 1000) / all.length).toFixed(2)} ms (machine load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
  );
  console.log('| endpoint | requests/s | p50 (ms) | p95 (ms) | p99 (ms) | on the wire |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  const rows = [...samples.byEndpoint.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  for (const [endpoint, entry] of rows) {
    const p = percentiles(entry.times);
    console.log(
      `| \`${endpoint}\` | ${(entry.times.length / seconds).toFixed(1)} | ${p.p50.toFixed(1)} | ${p.p95.toFixed(1)} | ${p.p99.toFixed(1)} | ${(entry.bytes / entry.times.length).toFixed(0)} B ${[...entry.encodings].join('/')} |`,
    );
  }
  console.log(
    `| all | ${(all.length / seconds).toFixed(1)} | ${total.p50.toFixed(1)} | ${total.p95.toFixed(1)} | ${total.p99.toFixed(1)} | |`,
  );
  for (const [name, times] of samples.pages) {
    const p = percentiles(times);
    console.log(
      `page ${name.padEnd(10)} loads ${String(times.length).padStart(5)}  whole page p50 ${p.p50.toFixed(1)} ms  p95 ${p.p95.toFixed(1)} ms  p99 ${p.p99.toFixed(1)} ms`,
    );
  }
  if (samples.errors > 0) failed = true;
}
