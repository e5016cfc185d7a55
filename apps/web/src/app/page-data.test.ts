import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import { startUpReads } from '@ensaya/core/api/start-up-reads';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, prefetchForPage } from '../lib/query-client.ts';
import { meQueryOptions } from '../lib/session.ts';
import { demoUser, installFakeApi } from '../test/fake-api.ts';
import { preloadMatchedRoutes } from './lazy-page.ts';
import { routes } from './routes.tsx';

// A signed-in page's reads start with the session check, at start-up, as
// main.tsx does it, not once the page's chunk has loaded and rendered (a request waterfall).

/** Every API answer but the session's waits until `open()`: what starts meanwhile is parallel. */
function heldApi(role: 'student' | 'admin', extraPaths: string[] = []) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = async () => {
    await gate;
    return { status: 200, body: { data: [], meta: { current_page: 1, last_page: 1, total: 0 } } };
  };
  const paths = [
    '/api/user-subscriptions/after-login',
    '/api/user-tests/in-progress',
    '/api/me/reading-settings',
    '/api/packages',
    '/api/user-subscriptions',
    '/api/invoices',
    '/api/subjects',
    '/api/user-subject-stats',
    '/api/my-percentages-gauss',
    '/api/themes-stats',
    '/api/themes-stats-general',
    '/api/user-theme-stats-column',
    '/api/score-estimate',
    '/api/admin/questions',
    '/api/admin/subjects',
    '/api/admin/users',
    '/api/dashboard',
    '/api/review/due',
    '/api/scheduled-exams',
    '/api/diagnostics',
    ...extraPaths,
  ];
  const fake = installFakeApi({
    'GET /api/me': () => ({ status: 200, body: { data: { ...demoUser, role } } }),
    ...Object.fromEntries(paths.map((path) => [`GET ${path}`, held])),
  });
  return { ...fake, open };
}

/** main.tsx's start-up: the session, the chunks and, once signed in, the pages' reads. */
function startUp(pathname: string, search = '') {
  const queryClient = createQueryClient({ retry: false });
  const isSignedIn = queryClient.fetchQuery(meQueryOptions()).then((user) => user !== null);
  preloadMatchedRoutes(routes, pathname, (data) => {
    void isSignedIn.then((signedIn) => {
      if (signedIn) data.prefetchPageData(queryClient, { pathname, search });
    });
  });
  return queryClient;
}

const asked = (requests: { path: string }[]) => requests.map((request) => request.path).sort();

afterEach(() => {
  document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; path=/`;
});

describe('start-up reads of the slow pages', () => {
  it.each([
    ['/subscripcion/paquete', '', ['/api/packages', '/api/user-subscriptions']],
    ['/cuenta/editar', '', ['/api/invoices', '/api/user-subscriptions']],
    [
      '/dashboard',
      '',
      [
        '/api/dashboard',
        '/api/diagnostics',
        '/api/review/due',
        '/api/scheduled-exams',
        '/api/score-estimate',
        '/api/subjects',
      ],
    ],
    ['/materias', '', ['/api/review/due', '/api/scheduled-exams', '/api/subjects']],
    [
      '/estadistica',
      '?subject_id=3',
      [
        '/api/my-percentages-gauss',
        '/api/score-estimate',
        '/api/subjects',
        '/api/themes-stats',
        '/api/themes-stats-general',
        '/api/user-subject-stats',
        '/api/user-theme-stats-column',
      ],
    ],
  ])(
    '%s asks for all its data together, before any of it is answered',
    async (path, search, pageReads) => {
      const { requests, open } = heldApi('student');
      startUp(path, search);

      const expected = [
        '/api/me',
        '/api/user-subscriptions/after-login',
        '/api/user-tests/in-progress',
        ...pageReads,
      ].sort();
      await expect.poll(() => asked(requests)).toEqual(expected);
      open();
    },
  );

  it('asks for the admin list the address names, and nothing for a student', async () => {
    const admin = heldApi('admin');
    startUp('/admin/users', '?page=2');
    await expect
      .poll(() => admin.requests.filter((request) => request.path.startsWith('/api/admin/')))
      .toMatchObject([{ path: '/api/admin/users', search: '?page=2&per_page=20' }]);
    admin.open();

    const student = heldApi('student');
    const queryClient = startUp('/admin/questions');
    await expect
      .poll(() => asked(student.requests))
      .toContain('/api/user-subscriptions/after-login');
    await queryClient.fetchQuery(meQueryOptions());
    expect(asked(student.requests).filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    student.open();
  });
});

describe('start-up reads of a test page', () => {
  it('asks for the attempt and, once it names its content, the content, before the page renders', async () => {
    const fake = installFakeApi({
      'GET /api/me': () => ({ status: 200, body: { data: demoUser } }),
      'GET /api/user-subscriptions/after-login': () => ({ status: 200, body: { data: null } }),
      'GET /api/user-tests/in-progress': () => ({ status: 200, body: { data: [] } }),
      'GET /api/user-tests/305': () => ({
        status: 200,
        body: {
          data: {
            id: 305,
            status: 'in_progress',
            content_url: '/api/content/k305',
            server_now: new Date().toISOString(),
          },
        },
      }),
      'GET /api/content/k305': () => ({
        status: 200,
        body: { data: { questions: [], contexts: [] } },
      }),
    });
    startUp('/test/ensayo', '?id=305');
    await expect
      .poll(() => asked(fake.requests))
      .toEqual(expect.arrayContaining(['/api/user-tests/305', '/api/content/k305']));
    // The page's chunk, which start-up loaded meanwhile, finishes loading inside the test.
    await import('../features/engine/test-taking/routes/mock-exam-page.tsx');
  });

  it('asks for no attempt when the address names none', async () => {
    const { requests, open } = heldApi('student');
    const queryClient = startUp('/revision');
    await expect.poll(() => asked(requests)).toContain('/api/user-subscriptions/after-login');
    await queryClient.fetchQuery(meQueryOptions());
    expect(asked(requests).filter((path) => path.startsWith('/api/user-tests/'))).toEqual([
      '/api/user-tests/in-progress',
    ]);
    open();
    await import('../features/engine/test-taking/routes/wrong-answers-page.tsx');
  });
});

describe('prefetchForPage', () => {
  it('hands the page the answer without asking again, even for an always-stale read', async () => {
    let calls = 0;
    const options = { queryKey: ['always-stale'], queryFn: () => ++calls, staleTime: 0 };
    const queryClient = createQueryClient({ retry: false });
    await prefetchForPage(queryClient, options);

    const unsubscribe = new QueryObserver(queryClient, options).subscribe(() => undefined);
    await Promise.resolve();
    expect(calls).toBe(1);
    unsubscribe();

    // A read prefetched any other way is asked again on mount, as before.
    await queryClient.prefetchQuery({ ...options, queryKey: ['other'] });
    const again = new QueryObserver(queryClient, { ...options, queryKey: ['other'] });
    const stop = again.subscribe(() => undefined);
    await expect.poll(() => calls).toBe(3);
    stop();
  });
});

// The server names a page's start-up reads in its HTML as preload links (core's `startUpReads`):
// each must be a request the page makes, to the letter (path and query), or the browser fetches
// it for nothing and warns; and a read the page makes and the list misses is only not early.
describe("the server's start-up preloads are the page's own reads", () => {
  it.each([
    ['/dashboard', ''],
    ['/materias', ''],
    ['/cuenta/editar', ''],
    ['/subscripcion/paquete', ''],
    ['/estadistica', '?subject_id=3'],
    ['/estadistica', ''],
    ['/test/ensayo', '?id=305'],
    ['/test/historial', '?id=12'],
    ['/test', '?id=7'],
    ['/revision', '?id=9'],
    ['/revision', ''],
  ])('%s%s', async (path, search) => {
    const attemptId = new URLSearchParams(search).get('id');
    const { requests, open } = heldApi(
      'student',
      attemptId ? [`/api/user-tests/${attemptId}`] : [],
    );
    startUp(path, search);
    const named = startUpReads(path, search).sort();
    const made = () => requests.map((request) => `${request.path}${request.search}`).sort();

    await expect.poll(made).toEqual(named);
    open();
    // Nothing more once the held reads are answered (an attempt's content needs its answer).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made()).toEqual(named);
  });
});
