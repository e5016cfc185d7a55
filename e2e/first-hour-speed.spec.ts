import { expect, test, type Page, type Request } from '@playwright/test';
import { logIn } from './support/session.ts';

// The slow screens ask for their data together, as soon as the session is
// known, not once their JavaScript has loaded and rendered (a request waterfall). Each page's own
// chunk is held back until the page's reads have gone out: a page that waits for its chunk to ask
// would never get it, and never show. Then, from the page's own Resource Timing, no API request was
// asked for only after another one (the session check aside) had been answered, and none twice.
//
// "Asked for" is the entry's `startTime` (the page's fetch), not the network's start: over HTTP/1.1
// the browser has six connections per host, so on a loaded machine a read the page asked for with
// the others can wait for a connection behind the page's chunks. That wait is the transport's (a
// production proxy speaks HTTP/2), and measuring it made this test fail now and then.

interface Screen {
  name: string;
  path: (page: Page) => Promise<string>;
  /** The page's own chunk (`assets/{chunk}-{hash}.js`). */
  chunk: string;
  /** The page's reads that must go out while its chunk is held back. */
  reads: string[];
  /** Its main content. */
  ready: string;
}

const SCREENS: Screen[] = [
  {
    name: 'package step',
    path: async () => '/subscripcion/paquete',
    chunk: 'choose-package-page',
    reads: ['/api/packages', '/api/user-subscriptions'],
    ready: '.subscribe-page h1',
  },
  {
    name: 'account',
    path: async () => '/cuenta/editar',
    chunk: 'account-page',
    reads: ['/api/user-subscriptions', '/api/invoices'],
    ready: '.account__billing .plain-table__row',
  },
  {
    name: 'statistics',
    path: async (page) => {
      const response = await page.request.get('/api/subjects');
      const body = (await response.json()) as { data: { subjects: { id: number }[] }[] };
      return `/estadistica?subject_id=${body.data[0]!.subjects[0]!.id}`;
    },
    chunk: 'statistics-page',
    reads: [
      '/api/subjects',
      '/api/user-subject-stats',
      '/api/my-percentages-gauss',
      '/api/themes-stats',
      '/api/themes-stats-general',
      '/api/user-theme-stats-column',
      '/api/score-estimate',
    ],
    ready: '.statistics-page .stats-banner',
  },
];

const apiPath = (request: Request) => new URL(request.url()).pathname;

/**
 * Read by the layout when it renders, not at start-up: it sets the text size, shows nothing, and
 * starting it with the others split a module of the login page's in two (its budget). Known
 * exception, reported in docs/benchmarks.md.
 */
const LEFT_TO_THE_LAYOUT = ['/api/me/reading-settings'];

for (const screen of SCREENS) {
  test(`${screen.name}: its API requests go out together, one step after the session`, async ({
    page,
  }) => {
    // Routing turns the browser's cache off: every chunk of the page comes again, over six
    // connections, on a machine that also runs the server and another browser.
    test.setTimeout(180_000);
    await logIn(page, 'estudiante@ensaya.cl', { settle: true });
    const target = await screen.path(page);

    const requests: Request[] = [];
    const asked = new Set<string>();
    let allAsked!: () => void;
    const readsGoneOut = new Promise<void>((resolve) => (allAsked = resolve));
    // Only the new page's requests: the landing page (the dashboard) may still be asking for
    // something when the navigation starts, and its requests are neither the page's nor in its
    // timeline.
    let navigated = false;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigated = true;
      if (!navigated || !apiPath(request).startsWith('/api/')) return;
      requests.push(request);
      asked.add(apiPath(request));
      if (screen.reads.every((path) => asked.has(path))) allAsked();
    });
    // Held until the reads have gone out, or for a minute at most: a page that asks for its data
    // only once its chunk has run would otherwise never show, and the test would end in a timeout
    // that names no read. Released late, the chunk records which reads had not gone out.
    let notAskedBeforeChunk: string[] | undefined;
    await page.route(new RegExp(`/assets/${screen.chunk}-[\\w-]+\\.js$`), async (route) => {
      await Promise.race([readsGoneOut, new Promise((resolve) => setTimeout(resolve, 60_000))]);
      notAskedBeforeChunk ??= screen.reads.filter((path) => !asked.has(path));
      await route.continue();
    });

    await page.goto(target);
    await expect(page.locator(screen.ready).first()).toBeVisible({ timeout: 90_000 });
    expect(notAskedBeforeChunk, 'reads asked for only once the page chunk had run').toEqual([]);
    const shownAt = await page.evaluate(() => performance.now());

    // Each API read as the page timed it (ms since the navigation): when the page asked for it
    // and when its answer had arrived. Every request seen is waited for, answer and body, and then
    // for its entry in the page's timeline. Only the new page's requests are here (those made
    // after its navigation started), so each settles; the bound is a safety net that turns a hung
    // request into a failure naming it rather than the test's timeout.
    const settled = <T>(promise: Promise<T>) =>
      Promise.race([
        promise,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]);
    const responses = await Promise.all(requests.map((request) => settled(request.response())));
    const answered = responses.filter((response) => response !== null);
    await Promise.all(answered.map((response) => settled(response.finished())));
    const readTimeline = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            start: entry.startTime,
            end: (entry as PerformanceResourceTiming).responseEnd,
          }))
          .filter((entry) => entry.path.startsWith('/api/') && entry.end > 0),
      );
    const answeredPaths = new Set(answered.map((response) => apiPath(response.request())));
    await expect
      .poll(
        async () => {
          const timed = new Set((await readTimeline()).map((entry) => entry.path));
          return [...answeredPaths].filter((path) => !timed.has(path));
        },
        { message: 'answered reads missing from the page timeline' },
      )
      .toEqual([]);
    const timed = await readTimeline();
    const beforeShown = timed.filter((request) => request.start <= shownAt);
    const session = beforeShown.filter((request) => request.path === '/api/me');
    const others = beforeShown.filter(
      (request) => request.path !== '/api/me' && !LEFT_TO_THE_LAYOUT.includes(request.path),
    );
    const firstAnswer = Math.min(...others.map((request) => request.end));
    test.info().annotations.push({
      type: 'API requests',
      description: `${beforeShown.length}: ${beforeShown.map((request) => request.path).join(', ')}`,
    });

    expect(session).toHaveLength(1);
    expect(others.map((request) => request.path)).toEqual(expect.arrayContaining(screen.reads));
    // Depth 2: everything after the session check starts before any of it has been answered.
    for (const request of others)
      expect(request.start, request.path).toBeLessThanOrEqual(firstAnswer);
    // Nothing asked twice: the reads started at start-up are the page's.
    expect(new Set(beforeShown.map((request) => request.path)).size).toBe(beforeShown.length);
  });
}
