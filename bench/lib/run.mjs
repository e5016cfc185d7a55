// What bench/classroom.mjs and bench/scheduled.mjs share to run a server and its students: child
// processes (the API as `npm start` runs it, the floor, HAProxy), a scratch PostgreSQL database,
// synthetic students with access to a subject, paced sign-in, small helpers.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../apps/api/src/areas/accounts/auth/password.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
export const log = (...args) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
export const countBy = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
export const statusList = (map) =>
  [...map].map(([status, count]) => `${status}: ${count}`).join(', ') || 'none';
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Runs `task` over `items` with at most `limit` at a time. */
export async function eachLimited(items, limit, task) {
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

const children = [];
let cleanedUp = false;
const cleanupTasks = [];

/** Something to do at the end of the run (after the child processes are stopped). */
export function atCleanup(task) {
  cleanupTasks.push(task);
}

/** Stops every child process (SIGTERM, then SIGKILL after 10 s), then the cleanup tasks (last first). */
export async function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }
  for (const task of cleanupTasks.reverse()) await task().catch(() => {});
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

/**
 * A child process whose output goes to `logFile`. `command` is Node (this process's) unless given;
 * `cwd` is where the server's paths resolve from.
 */
export function startProcess(name, args, env, logFile, { command = process.execPath, cwd } = {}) {
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
  children.push(child);
  child.once('exit', (code, signal) => {
    if (!cleanedUp) log(`${name} exited (${code ?? signal}); its log: ${logFile}`);
  });
  return child;
}

export async function waitUntilUp(url, child, timeoutMs = 180_000) {
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

/**
 * A database of its own on the PostgreSQL server of `adminUrl`, dropped at cleanup unless
 * KEEP_DB=1. Returns its URL.
 */
export async function scratchDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  atCleanup(async () => {
    if (process.env.KEEP_DB === '1') log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server's environment as `npm start` runs it in production, for the bench: the demo seed (for
 * the PAES M1 bank), students from distinct addresses (X-Forwarded-For, TRUST_PROXY) and limits out
 * of the way; BENCH_REDIS_URL (or `redisUrl`) as REDIS_URL, SERVER_NODE_OPTIONS as NODE_OPTIONS;
 * everything else (DATABASE_POOL_SIZE, …) from this process's environment.
 */
export function serverEnv({ port, appUrl, databaseUrl, dataDir, redisUrl }) {
  const env = { ...process.env };
  for (const name of ['REDIS_URL', 'TEST_DATABASE_URL', 'NODE_OPTIONS']) delete env[name];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist',
    PAYMENT_GATEWAY: 'sandbox',
    // The PAES M1 catalogue and question bank (and the demo admin) come with the demo seed.
    SEED_DEMO: 'true',
    // Students come from distinct addresses (X-Forwarded-For); limits are not what is measured.
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '1000000',
  });
  const redis = redisUrl ?? process.env.BENCH_REDIS_URL;
  if (redis) env.REDIS_URL = redis;
  // For example SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  if (process.env.SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SERVER_NODE_OPTIONS;
  return env;
}

/**
 * `count` students with an Active subscription to `subjectName`, straight into the database (one
 * password hash for all). Returns the subject ({ id, standard_test_id }) and the users
 * ({ id, email }).
 */
export async function insertStudents(db, { count, password, subjectName, tag }) {
  const {
    rows: [subject],
  } = await db.query('select id, standard_test_id from subjects where name = $1', [subjectName]);
  if (!subject) throw new Error(`${subjectName} is not in the seed`);
  const {
    rows: [pack],
  } = await db.query('select id from packages where standard_test_id = $1 order by id limit 1', [
    subject.standard_test_id,
  ]);
  const passwordHash = await hashPassword(password);
  const { rows: users } = await db.query(
    `insert into users (name, last_name, email, password_hash, email_verified_at, terms_accepted)
     select 'Estudiante', 'Bench ' || g, 'bench-' || g || '-${tag}@example.cl', $1, now(), true
     from generate_series(1, $2::int) g
     returning id, email`,
    [passwordHash, count],
  );
  await db.query(
    `with subscription as (
       insert into user_subscriptions (user_id, package_id, status, subscription_start)
       select unnest($1::int[]), $2, 'Active', now() returning id)
     insert into user_subscription_subjects (user_subscription_id, subject_id)
     select id, $3 from subscription`,
    [users.map((user) => user.id), pack.id, subject.id],
  );
  return { subject, users };
}

/**
 * Signs every student in through the real endpoint (`GET /api/csrf-cookie`, `POST /api/login`),
 * `concurrency` at a time (argon2 is deliberately slow). Throws when a login is refused.
 */
export async function signIn(students, password, concurrency) {
  const times = [];
  const failures = new Map();
  const started = performance.now();
  await eachLimited(students, concurrency, async (student) => {
    const cookie = await student.browser.request('GET', '/api/csrf-cookie');
    const login = await student.browser.request('POST', '/api/login', {
      email: student.email,
      password,
    });
    times.push(cookie.ms + login.ms);
    if (login.status !== 200) countBy(failures, login.status);
  });
  const seconds = (performance.now() - started) / 1000;
  if (failures.size > 0) throw new Error(`logins refused: ${statusList(failures)}`);
  return { seconds, times };
}

/**
 * Caps a process at `cores` of CPU (0.4: 40 % of one core) with a cgroup of its own (v1's `cpu`
 * controller, or v2's `cpu.max`), removed at cleanup: a simulation where each instance, not the
 * machine, is the bottleneck, so that throughput can grow with instances on a 2-core machine.
 * Needs root and a writable cgroup file system.
 */
export function capCpu(pid, name, cores) {
  const quota = Math.round(cores * 100_000);
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  let dir;
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    dir = path.join(v1, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cpu.cfs_period_us'), '100000');
    writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
  } else if (existsSync(path.join(v2, 'cgroup.controllers'))) {
    dir = path.join(v2, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'cpu.max'), `${quota} 100000`);
  } else {
    throw new Error('no writable cgroup cpu controller: INSTANCE_CPU needs one');
  }
  writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  atCleanup(async () => rmdirSync(dir));
}
