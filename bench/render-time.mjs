// Time to render of the screens a first-hour review found slow, measured from outside: in Debian's
// Chromium (Playwright), a fresh browser context per run (empty cache, the user's session cookie),
// from navigation start to the page's main content on screen (its own selector below, with no
// spinner left in the main area), plus the page's API requests: how many, and their dependency
// depth (a request that starts only after another API request has finished is one level deeper).
//
// Against a server already started (`npm start`, or `npm run serve -w @ensaya/api` on a build) with
// the demo seed: `RENDER_ORIGIN=http://127.0.0.1:3216 node bench/render-time.mjs`.
// Environment: RENDER_ORIGIN (required), RENDER_RUNS (default 5), RENDER_PAGES (comma-separated
// names, default all), CHROMIUM_PATH (default /usr/bin/chromium), RENDER_VERBOSE=1 (each request).
import { chromium } from '@playwright/test';

const ORIGIN = process.env.RENDER_ORIGIN;
if (!ORIGIN) throw new Error('RENDER_ORIGIN is required (a started server, e.g. npm start)');
const RUNS = Number(process.env.RENDER_RUNS ?? 5);
const VERBOSE = process.env.RENDER_VERBOSE === '1';
const PASSWORD = 'Ensaya2026!';
const STUDENT = 'estudiante@ensaya.cl';
const ADMIN = 'admin@ensaya.cl';

/** Main content: the selector must be visible and no loading spinner left in `<main>`. */
const PAGES = [
  { name: 'package', user: STUDENT, path: '/subscripcion/paquete', ready: '.subscribe-page h1' },
  {
    name: 'account',
    user: STUDENT,
    path: '/cuenta/editar',
    ready: '.account__billing .ant-table-row',
  },
  { name: 'statistics', user: STUDENT, path: null, ready: '.statistics-page .stats-banner' },
  { name: 'admin-questions', user: ADMIN, path: '/admin/questions', ready: '.ant-table-row' },
  { name: 'admin-users', user: ADMIN, path: '/admin/users', ready: '.ant-table-row' },
];

const wanted = process.env.RENDER_PAGES?.split(',').map((name) => name.trim());
const chosen = wanted ? PAGES.filter((page) => wanted.includes(page.name)) : PAGES;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const sessions = new Map();
  const statisticsPath = `/estadistica?subject_id=${await firstSubjectId(STUDENT, sessions)}`;
  const rows = [];
  for (const target of chosen) {
    const path = target.path ?? statisticsPath;
    const cookies = await session(target.user, sessions);
    // One run to warm the server's caches (not the browser's: every run has a fresh context).
    await measure(path, target.ready, cookies);
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(path, target.ready, cookies));
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    const middle = runs.find((run) => run.ms === times[Math.floor(times.length / 2)]);
    rows.push({ name: target.name, times, median: middle });
    if (VERBOSE) for (const line of middle.requests) console.log(`  ${target.name} ${line}`);
  }
  console.log(`\nTime to render (median of ${RUNS}; fresh context each run), ${ORIGIN}`);
  console.log('page             median   runs (ms)                          API requests  depth');
  for (const { name, times, median } of rows)
    console.log(
      [
        name.padEnd(16),
        `${median.ms} ms`.padStart(7),
        `  ${times.join('/')}`.padEnd(37),
        String(median.api).padStart(12),
        String(median.depth).padStart(6),
      ].join(' '),
    );
} finally {
  await browser.close();
}

async function measure(path, ready, cookies) {
  const context = await browser.newContext({ locale: 'es-CL' });
  await context.addCookies(cookies.map(([name, value]) => ({ name, value, url: ORIGIN })));
  const page = await context.newPage();
  const api = [];
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) api.push(request);
  });
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'commit' });
  const ms = await page.waitForFunction(
    (selector) => {
      // In the page: the browser's document.
      const { document } = globalThis;
      const main = document.querySelector('main') ?? document.body;
      const target = document.querySelector(selector);
      const busy = main.querySelector('.full-page-spinner, .ant-spin-spinning, .spinner');
      if (!target || busy || target.getBoundingClientRect().height === 0) return false;
      return Math.round(performance.now());
    },
    ready,
    { polling: 'raf', timeout: 30_000 },
  );
  const renderedAt = await ms.jsonValue();
  const origin = await page.evaluate(() => performance.timeOrigin);
  await context.close();
  // Each API request's start and end on one clock (ms since navigation start), then its depth.
  const timed = api
    .map((request) => {
      const timing = request.timing();
      const start = timing.startTime - origin;
      return { path: new URL(request.url()).pathname, start, end: start + timing.responseEnd };
    })
    .filter((request) => request.start <= renderedAt)
    .sort((a, b) => a.start - b.start);
  for (const request of timed) {
    const before = timed.filter((other) => other !== request && other.end <= request.start);
    request.depth = 1 + Math.max(0, ...before.map((other) => other.depth ?? 1));
  }
  return {
    ms: renderedAt,
    api: timed.length,
    depth: Math.max(0, ...timed.map((request) => request.depth)),
    requests: timed.map(
      (request) =>
        `${Math.round(request.start)}–${Math.round(request.end)} ms d${request.depth} ${request.path}`,
    ),
  };
}

async function session(email, sessions) {
  if (sessions.has(email)) return sessions.get(email);
  const jar = [];
  keep(jar, await fetch(`${ORIGIN}/api/csrf-cookie`));
  const xsrf = decodeURIComponent(jar.find(([name]) => name === 'XSRF-TOKEN')[1]);
  const response = await fetch(`${ORIGIN}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': xsrf,
      cookie: jar.map(([name, value]) => `${name}=${value}`).join('; '),
    },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  keep(jar, response);
  sessions.set(email, jar);
  return jar;
}

function keep(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const index = jar.findIndex(([known]) => known === name);
    if (index >= 0) jar.splice(index, 1);
    if (pair.slice(at + 1).trim()) jar.push([name, pair.slice(at + 1).trim()]);
  }
}

async function firstSubjectId(email, sessions) {
  const jar = await session(email, sessions);
  const response = await fetch(`${ORIGIN}/api/subjects`, {
    headers: { cookie: jar.map(([name, value]) => `${name}=${value}`).join('; ') },
  });
  const { data } = await response.json();
  return data.flatMap((test) => test.subjects)[0].id;
}
