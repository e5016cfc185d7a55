// Statistics and dashboard latency at 10 thousand, 100 thousand and 1 million stored attempts
// (docs/architecture.md, "Performance budgets": p95 stays flat; p95 at 1M within 1.5x of 10k).
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
import { buildApp } from '../../apps/api/src/app.ts';
import { testConfig } from '../../apps/api/src/config.ts';
import { createDatabase } from '../../apps/api/src/db/client.ts';
import { seedDatabase } from '../../apps/api/src/seed/index.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-accounts.ts';
import { grow, tuneBulkSession } from './stats-data.mjs';

// SIZES=10000,100000 for a shorter run.
const SIZES = process.env.SIZES
  ? process.env.SIZES.split(',').map(Number)
  : [10_000, 100_000, 1_000_000];
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
let requestCount = 0;
const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const name = `stats_inject_${randomBytes(3).toString('hex')}`;
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
    await tuneBulkSession(sqlClient);
    await grow(sqlClient, size - stored, stored);
    await sqlClient.query('reset session_replication_role');
    await sqlClient.query('analyze');
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
