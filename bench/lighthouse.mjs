// Lighthouse mobile performance of the pages a student meets first (>= 95 each):
// `/login` signed out, `/dashboard`, the statistics of a subject, `/materias`, the account
// (`/cuenta/editar`) and a running mock exam. `npm run bench:lighthouse`.
//
// It builds the web app (or takes WEB_DIST_DIR), starts the server as `npm start` would, in
// production mode, on a fresh embedded database with the demo seed, signs in as the demo student
// over HTTP, starts and begins a mock exam, then runs Lighthouse (npm `lighthouse`, its default
// mobile configuration: simulated throttling, a mid-range phone) in Debian's Chromium, RUNS times
// per page, and prints the median run's score and metrics and its largest opportunities. Nothing is
// downloaded at run time.
//
// Environment: LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_PAGES (comma-separated names, default all),
// LIGHTHOUSE_ORIGIN (a server already started with the demo seed, e.g. http://127.0.0.1:3216: no
// build and no server of its own), WEB_DIST_DIR (skip the build), LIGHTHOUSE_PORT (default: a free port), LIGHTHOUSE_REPORT_DIR
// (write each median run's JSON report there), CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const STUDENT = { email: 'estudiante@ensaya.cl', password: 'Ensaya2026!' };
const MOCK_EXAM_SUBJECT = 'Competencia Matemática M1';
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const dist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.join(ROOT, 'apps/web/dist');
const external = process.env.LIGHTHOUSE_ORIGIN;
if (!process.env.WEB_DIST_DIR && !external) {
  console.log('building the web app…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = external
  ? Number(new URL(external).port)
  : Number(process.env.LIGHTHOUSE_PORT ?? (await freePort()));
const origin = external ? new URL(external).origin : `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ensaya-lighthouse-'));
let server;
let chrome;
let browser;
try {
  if (!external) server = await startServer();
  const session = await signIn();
  const { subjectId, attemptPath } = await startMockExam(session);

  const pages = [
    { name: 'login', path: '/login', signedIn: false },
    { name: 'dashboard', path: '/dashboard', signedIn: true },
    { name: 'statistics', path: `/estadistica?subject_id=${subjectId}`, signedIn: true },
    { name: 'subjects', path: '/materias', signedIn: true },
    { name: 'account', path: '/cuenta/editar', signedIn: true },
    { name: 'test', path: attemptPath, signedIn: true },
  ];
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const chosen = wanted ? pages.filter((page) => wanted.includes(page.name)) : pages;

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  const summary = [];
  for (const target of chosen) {
    const runs = [];
    for (let run = 0, failures = 0; run < RUNS; run++) {
      // Cookies are the browser's: the signed-out page runs with none, the others with the
      // student's session (Lighthouse clears the cache before each run, not the cookies).
      await browser.deleteCookie(...(await browser.cookies()));
      if (target.signedIn)
        await browser.setCookie(
          ...session.cookies.map(([name, value]) => ({ name, value, domain: '127.0.0.1' })),
        );
      const page = await browser.newPage();
      const result = await lighthouse(
        `${origin}${target.path}`,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        undefined,
        page,
      );
      await page.close();
      const lhr = result.lhr;
      if (lhr.runtimeError) {
        // A trace Chromium failed to record (NO_NAVSTART and the like) happens on a busy machine:
        // that run is taken again, five times at most per page.
        if (++failures > 5) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
        console.log(`  ${target.name} run ${run + 1}: ${lhr.runtimeError.code}, again`);
        run--;
        continue;
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== target.path.split('?')[0])
        throw new Error(`${target.name}: ended on ${lhr.finalDisplayedUrl}`);
      runs.push(lhr);
      console.log(`  ${target.name} run ${run + 1}: ${score(lhr)}`);
    }
    const median = computeMedianRun(runs);
    if (reportDir)
      writeFileSync(path.join(reportDir, `${target.name}.json`), JSON.stringify(median));
    summary.push({ target, median, scores: runs.map(score) });
  }

  const version = summary[0]?.median.lighthouseVersion ?? '';
  console.log(`\nLighthouse ${version} mobile (simulated throttling), median of ${RUNS} runs`);
  // Lighthouse's own measure of the host's CPU: it slows every task 4 times whatever the host, so
  // a slower host gives a lower score to the same build; compare figures taken on similar indexes.
  const indexes = summary.flatMap(({ median }) => median.environment?.benchmarkIndex ?? []);
  if (indexes.length > 0)
    console.log(
      `host benchmarkIndex (median runs): ${Math.min(...indexes)}–${Math.max(...indexes)}\n`,
    );
  console.log(
    [
      'page'.padEnd(12),
      'score',
      'runs'.padEnd(12),
      ...METRICS.map(([, label]) => label.padStart(8)),
    ]
      .join(' ')
      .trimEnd(),
  );
  for (const { target, median, scores } of summary) {
    console.log(
      [
        target.name.padEnd(12),
        String(score(median)).padStart(5),
        scores.join('/').padEnd(12),
        ...METRICS.map(([id]) => metric(median, id).padStart(8)),
      ].join(' '),
    );
  }
  for (const { target, median } of summary) {
    const top = opportunities(median);
    if (top.length === 0) continue;
    console.log(`\n${target.name}: largest opportunities`);
    for (const line of top) console.log(`  ${line}`);
  }
} finally {
  await browser?.disconnect();
  chrome?.kill();
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

function score(lhr) {
  return Math.round((lhr.categories.performance.score ?? 0) * 100);
}

function metric(lhr, id) {
  const audit = lhr.audits[id];
  if (!audit || audit.numericValue === undefined) return '-';
  return id === 'cumulative-layout-shift'
    ? audit.numericValue.toFixed(3)
    : `${Math.round(audit.numericValue)} ms`;
}

/** The performance audits that failed with an estimated saving, the largest first. */
function opportunities(lhr) {
  const ids = lhr.categories.performance.auditRefs.map((ref) => ref.id);
  return ids
    .map((id) => lhr.audits[id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const ms = Math.max(savings.LCP ?? 0, savings.FCP ?? 0, savings.TBT ?? 0);
      const bytes = audit.details?.overallSavingsBytes ?? 0;
      return { audit, ms, bytes, cls: savings.CLS ?? 0 };
    })
    .filter(({ ms, bytes, cls }) => ms > 0 || bytes > 0 || cls > 0)
    .sort((a, b) => b.ms - a.ms || b.bytes - a.bytes || b.cls - a.cls)
    .slice(0, 5)
    .map(({ audit }) => `${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: found } = probe.address();
      probe.close(() => resolve(found));
    });
  });
}

/** The server as `npm start` runs it, in production mode, on a fresh PGlite with the demo seed. */
async function startServer() {
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      SEED_DEMO: 'true',
      PAYMENT_GATEWAY: 'sandbox',
      // Plain http on 127.0.0.1: a Secure cookie would not come back.
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Lighthouse leaves the test page between runs; the attempt must not be sent meanwhile.
      ATTEMPT_LEAVE_GRACE_SECONDS: '3600',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start within 180 s');
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A cookie jar of [name, value] pairs, kept up to date from Set-Cookie. */
function keepCookies(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const index = jar.findIndex(([known]) => known === name);
    if (index >= 0) jar.splice(index, 1);
    if (value) jar.push([name, value]);
  }
}

async function signIn() {
  const cookies = [];
  const session = { cookies };
  keepCookies(cookies, await call(session, 'GET', '/api/csrf-cookie'));
  const response = await call(session, 'POST', '/api/login', STUDENT);
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  keepCookies(cookies, response);
  return session;
}

async function call(session, method, pathname, body) {
  const xsrf = session.cookies.find(([name]) => name === 'XSRF-TOKEN')?.[1];
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers: {
      cookie: session.cookies.map(([name, value]) => `${name}=${value}`).join('; '),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  keepCookies(session.cookies, response);
  return response;
}

async function json(session, method, pathname, body) {
  const response = await call(session, method, pathname, body);
  if (!response.ok)
    throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A mock exam in M1, begun, so its page shows the first question rather than the instructions. */
async function startMockExam(session) {
  const { data: tests } = await json(session, 'GET', '/api/subjects');
  const subject = tests.flatMap((test) => test.subjects).find((s) => s.name === MOCK_EXAM_SUBJECT);
  if (!subject) throw new Error(`no subject named ${MOCK_EXAM_SUBJECT}`);
  const { data: attempt } = await json(session, 'POST', '/api/user-tests', {
    subject_id: subject.id,
    mode: 'mock_exam',
    replace_in_progress: true,
  });
  await json(session, 'POST', `/api/user-tests/${attempt.id}/begin`);
  return { subjectId: subject.id, attemptPath: `/test/ensayo?id=${attempt.id}` };
}
