/**
 * The API reads a signed-in page asks for as it starts, by address: the session, the signed-in
 * layout's and the page's own. The server names them in the page's HTML as preload links, so the
 * browser asks for them while the app's scripts still load, and the app's own requests take the
 * answers (docs/architecture.md, "Start-up reads"). Only pages whose reads are known from the
 * address alone are listed; any other page starts as before.
 *
 * Each list must be exactly what the web app asks for (`apps/web/src/app/page-data.ts`): a read
 * named here and never asked for is a wasted request and a console warning, one asked for and not
 * named is merely not early. `apps/web/src/app/page-data.test.ts` holds the two equal.
 */

/** The session and the signed-in layout's reads (the trial banner, the attempts in progress). */
const SIGNED_IN_READS = [
  '/api/me',
  '/api/user-subscriptions/after-login',
  '/api/user-tests/in-progress',
] as const;

const DASHBOARD_READS = [
  '/api/dashboard',
  '/api/review/due',
  '/api/score-estimate',
  '/api/subjects',
  '/api/scheduled-exams',
  '/api/diagnostics',
];

const SUBJECTS_READS = ['/api/subjects', '/api/review/due', '/api/scheduled-exams'];

const ACCOUNT_READS = [
  '/api/user-subscriptions?page=1&per_page=10',
  '/api/invoices?page=1&per_page=10',
];

const CHOOSE_PACKAGE_READS = ['/api/packages', '/api/user-subscriptions?page=1&per_page=100'];

/**
 * A positive whole number from the address's query (its first `name=`, as the page reads it), or
 * null: nothing else reaches a URL. Written plainly, not escaped: an id spelled any other way is
 * one the page may still read, only not early.
 */
function idFrom(search: string, name: string): number | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const at = pair.indexOf('=');
    if ((at < 0 ? pair : pair.slice(0, at)) !== name) continue;
    const value = at < 0 ? '' : pair.slice(at + 1);
    return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
  }
  return null;
}

function statisticsReads(search: string): string[] {
  // Without a subject in the address the page takes the last one the student chose, which only
  // the browser knows: its reads then start as before.
  const subjectId = idFrom(search, 'subject_id');
  if (subjectId === null) return [];
  const scope = `subject_id=${subjectId}`;
  return [
    '/api/subjects',
    `/api/user-subject-stats?${scope}`,
    `/api/my-percentages-gauss?${scope}`,
    `/api/themes-stats?${scope}`,
    `/api/themes-stats-general?${scope}`,
    `/api/user-theme-stats-column?${scope}`,
    `/api/score-estimate?${scope}`,
  ];
}

/** A test page's attempt (its content's address comes with the attempt's answer). */
function attemptReads(search: string): string[] {
  const attemptId = idFrom(search, 'id');
  return attemptId === null ? [] : [`/api/user-tests/${attemptId}`];
}

const PAGE_READS = new Map<string, (search: string) => readonly string[]>([
  ['/dashboard', () => DASHBOARD_READS],
  ['/materias', () => SUBJECTS_READS],
  ['/cuenta/editar', () => ACCOUNT_READS],
  ['/subscripcion/paquete', () => CHOOSE_PACKAGE_READS],
  ['/estadistica', statisticsReads],
  ['/test', attemptReads],
  ['/test/ensayo', attemptReads],
  ['/test/historial', attemptReads],
  ['/revision', attemptReads],
]);

/** The page an address shows, as the router matches it: a trailing slash is the same page. */
export function startUpPage(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * The reads a signed-in student's page at this address starts with, as paths with their query;
 * none for an address not listed. `pathname` as the browser sent it (a trailing slash is the
 * same page for the router).
 */
export function startUpReads(pathname: string, search: string): string[] {
  const reads = PAGE_READS.get(startUpPage(pathname));
  if (!reads) return [];
  return [...SIGNED_IN_READS, ...reads(search)];
}
