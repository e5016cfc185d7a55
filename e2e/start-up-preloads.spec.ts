import { expect, test, type Page } from '@playwright/test';
import { SIGNED_IN_COOKIE } from '@ensaya/core/api/http';
import { startPaesTrial } from './support/paes-trial.ts';
import { logIn } from './support/session.ts';
import { csrfHeaders, registerVerifiedStudent, STUDENT_PASSWORD } from './support/students.ts';

// A signed-in page's HTML names the script and style files its start-up loads
// (apps/web/build/page-assets.ts, served by apps/api/src/plugins/web-app.ts), so they download
// with the entry instead of after it has run. Each list is held to what the page does: loaded
// without the list (the server sends it only with the signed-in hint cookie), the page asks for
// exactly the files named, no more (a file found late) and no fewer (a download nobody uses). With
// the list, each file comes once (the preload is the one the app's loader uses) and every style
// named is applied. A new student, so the pages show what a first visit shows.

/** The entry's own files: in the HTML as built, for every page. */
const isEntryFile = (file: string) =>
  /^\/assets\/(index|rolldown-runtime)-[\w-]+\.(js|css)$/.test(file);

/** The page's script and style files named in its HTML, beyond the entry's. */
async function namedFiles(page: Page, target: string): Promise<string[]> {
  const html = await (await page.request.get(target)).text();
  const named = [
    ...html.matchAll(
      /<link rel="(?:modulepreload|preload" as="style)" crossorigin href="([^"]+)">/g,
    ),
  ].map((match) => match[1]!);
  return named.filter((file) => !isEntryFile(file)).sort();
}

/** The script and style files the page asked for, from its own Resource Timing. */
async function loadedFiles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((file) => /^\/assets\/.+\.(js|css)$/.test(file)),
  );
}

async function open(page: Page, target: string, ready: string) {
  await page.goto(target);
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * `deferred`: chunks the page loads on purpose after its first screen (a lazy part below it),
 * which it asks for but its HTML does not name.
 */
async function checkPage(page: Page, target: string, ready: string, deferred: RegExp[] = []) {
  const isDeferred = (file: string) => deferred.some((pattern) => pattern.test(file));
  const context = page.context();
  const hint = (await context.cookies()).find((cookie) => cookie.name === SIGNED_IN_COOKIE);
  expect(hint, 'the signed-in hint cookie').toBeDefined();
  const named = await namedFiles(page, target);
  expect(named.length, `${target}: files named`).toBeGreaterThan(0);

  // Without the hint the server sends the HTML as built; the app still signs in (its stored flag).
  await context.clearCookies({ name: SIGNED_IN_COOKIE });
  await open(page, target, ready);
  const withoutList = (await loadedFiles(page)).filter((file) => !isEntryFile(file));
  for (const pattern of deferred)
    expect(withoutList, `${target}: loads ${pattern} after its first screen`).toContainEqual(
      expect.stringMatching(pattern),
    );
  expect(
    [...new Set(withoutList.filter((file) => !isDeferred(file)))].sort(),
    `${target}: the files the page loads`,
  ).toEqual(named);
  await context.addCookies([hint!]);

  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  await open(page, target, ready);
  const withList = (await loadedFiles(page)).filter(
    (file) => !isEntryFile(file) && !isDeferred(file),
  );
  expect(withList.sort(), `${target}: each file once`).toEqual(named);
  const applied = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(applied).toEqual(expect.arrayContaining(named.filter((file) => file.endsWith('.css'))));
  expect(warnings, `${target}: preload warnings`).toEqual([]);
}

test("a signed-in page's HTML names exactly the files its start-up loads", async ({ page }) => {
  // A registration, a trial through the wizard and six pages loaded twice each.
  test.setTimeout(180_000);
  const email = await registerVerifiedStudent(page, 'preloads');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  await checkPage(page, '/subscripcion/paquete', '.subscribe-page h1');
  // Signed out again: the trial starts from the login form.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await startPaesTrial(page, email);

  await checkPage(page, '/dashboard', 'main h1');
  await checkPage(page, '/materias', '.subjects-page h1');
  // The billing tables: a chunk of their own, below the profile (account-page.tsx).
  await checkPage(page, '/cuenta/editar', '.account__billing .plain-table__row', [
    /\/account-billing-[\w-]+\.(js|css)$/,
  ]);

  const subjects = (await (await page.request.get('/api/subjects')).json()) as {
    data: { subjects: { id: number; name: string }[] }[];
  };
  const m1 = subjects.data
    .flatMap((standardTest) => standardTest.subjects)
    .find((subject) => subject.name === 'Competencia Matemática M1')!;
  await checkPage(page, `/estadistica?subject_id=${m1.id}`, '.statistics-page .stats-banner');

  const headers = await csrfHeaders(page.request, page);
  const started = await page.request.post('/api/user-tests', {
    headers,
    data: { subject_id: m1.id, mode: 'mock_exam' },
  });
  expect(started.status(), await started.text()).toBe(201);
  const attempt = ((await started.json()) as { data: { id: number } }).data;
  const begun = await page.request.post(`/api/user-tests/${attempt.id}/begin`, { headers });
  expect(begun.ok(), await begun.text()).toBe(true);
  await checkPage(page, `/test/ensayo?id=${attempt.id}`, '.question__statement');
});
