import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminScheduledExam, ScheduledExam } from '@ensaya/core/contracts/scheduled-exam';
import { logIn } from './support/session.ts';
import { csrfHeaders } from './support/students.ts';
import { settledDialog } from './support/dialogs.ts';

// A scheduled national ensayo. An admin schedules one on M1 starting in a few seconds;
// the student sees it on the dashboard with a countdown, enters the waiting room (the form is
// downloaded sealed meanwhile), and at the start the page asks only for the key and opens the exam.
// Then: answers, submit, and the same-day results among everyone who sat it, in Spanish and English
// at 1280 and 390 px. The second test loses the connection mid-exam for two minutes, answers five
// questions, reloads the page offline (the service worker keeps it), comes back online, and every
// answer is on the server. With SCREENSHOTS=1 it saves docs/screenshots/scheduled-exam/*.png.

const M1 = 'Competencia Matemática M1';
const SHOTS = 'docs/screenshots/scheduled-exam';
const takeScreenshots = Boolean(process.env.SCREENSHOTS);

async function shoot(page: Page, name: string) {
  if (!takeScreenshots) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function subjectIdOf(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/api/subjects');
  const body = (await response.json()) as {
    data: { subjects: { id: number; name: string }[] }[];
  };
  const card = body.data.flatMap((t) => t.subjects).find((subject) => subject.name === name);
  if (!card) throw new Error(`No subject ${name}`);
  return card.id;
}

/** The admin schedules an M1 ensayo starting `inSeconds` from now, through the API. */
async function schedule(
  browser: Browser,
  options: { title: string; inSeconds: number; lateJoinMinutes: number },
): Promise<AdminScheduledExam> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logIn(page, 'admin@ensaya.cl', { landing: /\/admin/ });
  const subjectId = await subjectIdOf(page, M1).catch(async () => {
    // The admin has no subscription: the subjects of the back office name M1.
    const list = await page.request.get('/api/admin/subjects?per_page=100');
    const body = (await list.json()) as { data: { id: number; name: string }[] };
    return body.data.find((subject) => subject.name === M1)!.id;
  });
  const created = await page.request.post('/api/admin/scheduled-exams', {
    headers: await csrfHeaders(page.request, page),
    data: {
      title: options.title,
      title_en: `${options.title} (EN)`,
      subject_id: subjectId,
      starts_at: new Date(Date.now() + options.inSeconds * 1000).toISOString(),
      duration_minutes: 10,
      late_join_minutes: options.lateJoinMinutes,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const exam = ((await created.json()) as { data: AdminScheduledExam }).data;
  await context.close();
  return exam;
}

async function examAsStudent(page: Page, id: number): Promise<ScheduledExam> {
  const response = await page.request.get(`/api/scheduled-exams/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ScheduledExam }).data;
}

async function noSideScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.scrollingElement!.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

const choice = (page: Page, label: string) =>
  page.locator('.question__choices').getByRole('radio', { name: new RegExp(`^${label}\\)`) });

test('scheduled ensayo: countdown, waiting room, key at the start, results among everyone (es/en, 1280/390)', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Ensayo nacional M1 ${Date.now()}`;
  // No late join: once its participants have sent, the ensayo closes and the results show.
  const exam = await schedule(browser, { title, inSeconds: 45, lateJoinMinutes: 0 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'estudiante@ensaya.cl');
  // Other ensayos may be listed too (the other test's): this one's line.
  const line = page
    .getByRole('region', { name: 'Ensayos nacionales' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(line.getByText(/Comienza en \d\d:\d\d/)).toBeVisible();
  await line.getByRole('link', { name: `Ir a la sala de espera: ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/ensayo-nacional/${exam.id}$`));

  // The waiting room: join, the sealed download, the countdown.
  await page.getByRole('button', { name: 'Entrar a la sala de espera' }).click();
  await expect(page.getByText('Comienza en', { exact: true })).toBeVisible();
  await expect(page.getByText(/Ensayo descargado y sellado en este equipo/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^\d\d:\d\d$/);
  await noSideScroll(page);
  await shoot(page, 'waiting-room-es-1280');
  // Before the start the key is refused, and nothing of the form is readable.
  const early = await page.request.post(`/api/scheduled-exams/${exam.id}/key`, {
    headers: await csrfHeaders(page.request, page),
  });
  expect(early.status()).toBe(409);
  expect(await early.text()).not.toContain('"key"');

  await page.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(page);
  await shoot(page, 'waiting-room-es-390');
  await page.getByRole('button', { name: 'Cambiar idioma' }).click();
  await expect(page.getByText('Starts in', { exact: true })).toBeVisible();
  await expect(page.getByText(/Mock exam downloaded and sealed on this device/)).toBeVisible();
  await noSideScroll(page);
  await shoot(page, 'waiting-room-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'waiting-room-en-1280');

  // At the start the page asks for the key and opens the exam by itself, with the content it
  // already had: no content read from the server.
  const contentReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`/api/scheduled-exams/${exam.id}/content`))
      contentReads.push(request.url());
  });
  const keyResponse = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/scheduled-exams/${exam.id}/key`) && response.status() === 200,
    { timeout: 90_000 },
  );
  await keyResponse;
  await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  expect(contentReads).toEqual([]);

  // Everyone's clock: the deadline is the ensayo's start plus its length.
  const mine = await examAsStudent(page, exam.id);
  const attempt = (await (await page.request.get(`/api/user-tests/${mine.user_test_id}`)).json())
    .data as { deadline_at: string; begun_at: string };
  expect(new Date(attempt.begun_at).getTime()).toBe(new Date(exam.starts_at).getTime());
  expect(new Date(attempt.deadline_at).getTime()).toBe(
    new Date(exam.starts_at).getTime() + 10 * 60_000,
  );

  await choice(page, 'A').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await choice(page, 'B').check();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish test' }).click();
  await (await settledDialog(page)).getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/resultado\?id=\d+$/);

  // Results among everyone who sat it, on the ensayo's page.
  await page.goto(`/ensayo-nacional/${exam.id}`);
  await expect(page.getByRole('heading', { name: 'Your results' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    // One student sat this one: the page says so instead of a percentile.
    page.getByText(/You did better than \d+ % of the \d+ students|only student who took it/),
  ).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: 'Topic area' })).toBeVisible();
  await noSideScroll(page);
  await shoot(page, 'results-en-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await noSideScroll(page);
  await shoot(page, 'results-en-390');
  await page.getByRole('button', { name: 'Change language' }).click();
  await expect(page.getByRole('heading', { name: 'Tus resultados' })).toBeVisible();
  await expect(
    page.getByText(
      /Te fue mejor que al \d+ % de los \d+ estudiantes|único estudiante que lo rindió/,
    ),
  ).toBeVisible();
  await noSideScroll(page);
  await shoot(page, 'results-es-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'results-es-1280');
});

test('scheduled ensayo offline: two minutes without a connection, a reload offline, nothing lost', async ({
  page,
  browser,
  context,
}) => {
  // Two minutes offline by design, and the rest: 156 s on a quiet machine.
  test.setTimeout(420_000);
  const title = `Ensayo sin conexión ${Date.now()}`;
  const exam = await schedule(browser, { title, inSeconds: 30, lateJoinMinutes: 5 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'debug@ensaya.cl');
  await page.goto(`/ensayo-nacional/${exam.id}`);
  await page.getByRole('button', { name: 'Entrar a la sala de espera' }).click();
  await expect(page.getByText(/Ensayo descargado y sellado en este equipo/)).toBeVisible();
  await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/, { timeout: 90_000 });
  const attemptId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name: /^Pregunta 1 de \d+$/ })).toBeVisible();
  // The service worker controls the page before the connection goes.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 15_000,
    })
    .toBe(true);

  // The service worker's own requests ignore setOffline in Chromium: they are cut by a route.
  await context.setOffline(true);
  await context.route('**', (route) =>
    route.request().serviceWorker() ? route.abort('internetdisconnected') : route.continue(),
  );
  const offlineSince = Date.now();
  const picks = ['A', 'B', 'C', 'D', 'A'];
  for (const [index, label] of picks.entries()) {
    await choice(page, label).check();
    if (index < picks.length - 1) await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await expect(
    page.getByText(
      'Sin conexión: tus respuestas quedan en este equipo y se enviarán al volver la conexión.',
    ),
  ).toBeVisible();

  // A reload without a connection still shows the exam, with the answers made offline.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Pregunta \d+ de \d+$/ })).toBeVisible();
  await expect(
    page.getByText(
      'Sin conexión: tus respuestas quedan en este equipo y se enviarán al volver la conexión.',
    ),
  ).toBeVisible();

  // Two minutes offline in all, then back.
  await page.waitForTimeout(Math.max(0, 120_000 - (Date.now() - offlineSince)));
  await context.unroute('**');
  await context.setOffline(false);
  await expect(page.getByText('Guardado', { exact: true })).toBeVisible({ timeout: 45_000 });

  const state = (await (await page.request.get(`/api/user-tests/${attemptId}`)).json()).data as {
    questions: { position: number; chosen_choice_ids: number[] }[];
  };
  const answered = state.questions
    .filter((question) => question.chosen_choice_ids.length > 0)
    .map((question) => question.position);
  expect(answered).toEqual([1, 2, 3, 4, 5]);
});
