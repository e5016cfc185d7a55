import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { AdminScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { clusterUnavailable, startCluster, type Cluster } from './support/cluster.ts';
import { logIn } from './support/session.ts';
import { csrfHeaders } from './support/students.ts';

// A scheduled ensayo while its servers fail: two API instances behind HAProxy, on PostgreSQL, of
// this spec's own (support/cluster.ts). Two students sit the same ensayo in Chromium. For the
// first, one of the two instances is killed mid-exam: five answers, a reload, every answer on the
// server. For the second, the whole server is killed and started again (a restart): five answers
// and a reload while it is down (the service worker keeps the page), then every answer on the
// server once it is back. Runs in the 'servers' project, after the rest of the suite; needs
// HAProxy and PostgreSQL (skipped without them, a failure when E2E_REQUIRED=1).

const M1 = 'Competencia Matemática M1';
const UNSAVED_LIMIT_MS = 90_000;

let cluster: Cluster | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const unavailable = await clusterUnavailable();
  if (unavailable && process.env.E2E_REQUIRED === '1') throw new Error(unavailable);
  test.skip(unavailable !== undefined, unavailable);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.stop();
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: cluster!.url,
    viewport: { width: 1280, height: 900 },
    locale: 'es-CL',
  });
  return { context, page: await context.newPage() };
}

/** The admin schedules an M1 ensayo starting `inSeconds` from now. */
async function schedule(browser: Browser, inSeconds: number): Promise<AdminScheduledExam> {
  const { context, page } = await newPage(browser);
  await logIn(page, 'admin@ensaya.cl', { landing: /\/admin/ });
  const list = await page.request.get('/api/admin/subjects?per_page=100');
  const subjects = ((await list.json()) as { data: { id: number; name: string }[] }).data;
  const created = await page.request.post('/api/admin/scheduled-exams', {
    headers: await csrfHeaders(page.request, page),
    data: {
      title: `Ensayo con servidores caídos ${Date.now()}`,
      subject_id: subjects.find((subject) => subject.name === M1)!.id,
      starts_at: new Date(Date.now() + inSeconds * 1000).toISOString(),
      duration_minutes: 10,
      late_join_minutes: 5,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exam = ((await created.json()) as { data: AdminScheduledExam }).data;
  await context.close();
  return exam;
}

/** Signs in and joins the waiting room: the form is downloaded sealed. */
async function join(page: Page, email: string, examId: number) {
  await logIn(page, email);
  await page.goto(`/ensayo-nacional/${examId}`);
  await page.getByRole('button', { name: 'Entrar a la sala de espera' }).click();
  await expect(page.getByText(/Ensayo descargado y sellado en este equipo/)).toBeVisible();
}

/** Waits for the start to open the exam; the attempt's id. */
async function inExam(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/, { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: /^Pregunta 1 de \d+$/ })).toBeVisible();
  // The service worker controls the page before anything fails.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 15_000,
    })
    .toBe(true);
  return Number(new URL(page.url()).searchParams.get('id'));
}

const choice = (page: Page, label: string) =>
  page.locator('.question__choices').getByRole('radio', { name: new RegExp(`^${label}\\)`) });

/** Answers questions 1 to 5 (A, B, C, D, A), moving on with "Siguiente". */
async function answerFive(page: Page) {
  const picks = ['A', 'B', 'C', 'D', 'A'];
  for (const [index, label] of picks.entries()) {
    await choice(page, label).check();
    if (index < picks.length - 1) await page.getByRole('button', { name: 'Siguiente' }).click();
  }
}

/** The positions the server has an answer for (read through HAProxy, as the page reads). */
async function answeredOnServer(page: Page, attemptId: number): Promise<number[]> {
  const response = await page.request.get(`/api/user-tests/${attemptId}`);
  if (!response.ok()) return [];
  const state = (
    (await response.json()) as {
      data: { questions: { position: number; chosen_choice_ids: number[] }[] };
    }
  ).data;
  return state.questions
    .filter((question) => question.chosen_choice_ids.length > 0)
    .map((question) => question.position);
}

test('a scheduled ensayo loses no answer when an instance dies, or when the server restarts', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const exam = await schedule(browser, 45);
  const first = await newPage(browser);
  const second = await newPage(browser);
  await join(first.page, 'debug@ensaya.cl', exam.id);
  await join(second.page, 'estudiante@ensaya.cl', exam.id);
  const [firstAttempt, secondAttempt] = await Promise.all([
    inExam(first.page),
    inExam(second.page),
  ]);

  // One of two instances is killed mid-exam: HAProxy sends the rest to the other.
  await cluster!.kill('api1');
  await answerFive(first.page);
  await first.page.reload();
  await expect(first.page.getByRole('heading', { name: /^Pregunta \d+ de \d+$/ })).toBeVisible();
  await expect
    .poll(() => answeredOnServer(first.page, firstAttempt), { timeout: UNSAVED_LIMIT_MS })
    .toEqual([1, 2, 3, 4, 5]);
  await cluster!.start('api1');

  // The server restarts: both instances killed, five answers and a reload while it is down.
  await Promise.all([cluster!.kill('api1'), cluster!.kill('api2')]);
  await answerFive(second.page);
  await second.page.reload();
  await expect(second.page.getByRole('heading', { name: /^Pregunta \d+ de \d+$/ })).toBeVisible();
  await Promise.all([cluster!.start('api1'), cluster!.start('api2')]);
  await expect
    .poll(() => answeredOnServer(second.page, secondAttempt), { timeout: UNSAVED_LIMIT_MS })
    .toEqual([1, 2, 3, 4, 5]);
  await expect(second.page.getByText('Guardado', { exact: true })).toBeVisible();
  // The first student's answers are still there after the restart.
  expect(await answeredOnServer(first.page, firstAttempt)).toEqual([1, 2, 3, 4, 5]);

  await first.context.close();
  await second.context.close();
});
