import { expect, test, type Page } from '@playwright/test';
import { drawCharts } from './support/charts.ts';
import { logIn } from './support/session.ts';

// History, review, statistics and dashboard as the demo student sees them (spec 001, sections 2
// to 9): every chart with the numbers the API sent to the page, sorting and paging the history,
// delete and delete all with their 2 s + 3 s timings, the review of a past attempt, and the own
// wrong answers button starting a test. The demo student has 48 seeded attempts (8 per subject).
// Changes happen in subjects the test engine's spec leaves alone (Matemática M1 and Historia),
// and only to attempts made here.

const HISTORY_SUBJECT = 'Competencia Matemática M1';
const REVIEW_SUBJECT = /^Historia/;

test.describe.configure({ mode: 'serial' });

/** Numbers as the app writes them in Spanish. */
const number = (value: number, digits = 2) =>
  new Intl.NumberFormat('es-CL', { maximumFractionDigits: digits }).format(value);
const percent = (value: number) => `${number(value)} %`;

type SubjectCard = { id: number; name: string };

async function subjectId(page: Page, name: string | RegExp): Promise<number> {
  const response = await page.request.get('/api/subjects');
  const body = (await response.json()) as { data: { subjects: SubjectCard[] }[] };
  const card = body.data
    .flatMap((standardTest) => standardTest.subjects)
    .find((subject) =>
      typeof name === 'string' ? subject.name === name : name.test(subject.name),
    );
  if (!card) throw new Error(`No subject ${String(name)}`);
  return card.id;
}

/** A chart card's figure ("label" then "value") as the page shows it. */
function figure(page: Page, card: string, label: string) {
  return page
    .getByRole('region', { name: card, exact: true })
    .locator('.chart-card__figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.chart-card__figure-value');
}

/** Sends a one-question practice test in the subject through the API, as a browser would. */
async function sendPractice(page: Page, subject: number): Promise<number> {
  const cookies = await page.context().cookies();
  const token = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')!.value);
  const headers = { 'X-XSRF-TOKEN': token };
  const started = await page.request.post('/api/user-tests', {
    headers,
    data: {
      subject_id: subject,
      mode: 'practice',
      selection: { value: 2, limit: 1 },
      random_question: true,
      random_answer: false,
      study_mode: false,
      replace_in_progress: true,
    },
  });
  expect(started.status()).toBe(201);
  const { data } = (await started.json()) as { data: { id: number } };
  const sent = await page.request.post(`/api/user-tests/${data.id}/submit`, { headers });
  expect(sent.ok()).toBe(true);
  return data.id;
}

test.beforeEach(async ({ page }) => {
  await logIn(page, 'estudiante@ensaya.cl', { settle: true });
});

test('the dashboard shows every chart with the numbers of GET /api/dashboard', async ({ page }) => {
  const response = page.waitForResponse((r) => r.url().endsWith('/api/dashboard'));
  await page.goto('/dashboard');
  // A response of the page the login opened may be caught, its body gone with the reload: then
  // the same call again (nothing else changes this student's dashboard meanwhile).
  const { data } = (await (
    await response
  )
    .json()
    .catch(async () => (await page.request.get('/api/dashboard')).json())) as {
    data: {
      average: { percentage: number; correct: number; total: number };
      subjects: { name: string; correct_percentage: number }[];
      gauss: { mean: number; students: number; user: { percentage: number } | null };
      scores: { name: string; average_score: number; max_score: number }[];
      correct_by_type: { user_test_type: string; average_correct: number; average_total: number }[];
    };
  };

  const average = page.getByRole('region', { name: 'Tu promedio' });
  await expect(average.locator('dd').nth(0)).toHaveText(percent(data.average.percentage));
  await expect(average.locator('dd').nth(1)).toHaveText(number(data.average.correct, 0));
  await expect(average.locator('dd').nth(2)).toHaveText(number(data.average.total, 0));
  expect(data.subjects.length).toBe(6);
  for (const subject of data.subjects) {
    await expect(figure(page, 'Promedio por materia', subject.name)).toHaveText(
      percent(subject.correct_percentage),
    );
  }
  const gauss = 'Tu posición entre los estudiantes';
  await expect(figure(page, gauss, 'Tu porcentaje')).toHaveText(
    percent(data.gauss.user!.percentage),
  );
  await expect(figure(page, gauss, 'Promedio de los estudiantes')).toHaveText(
    percent(data.gauss.mean),
  );
  await expect(figure(page, gauss, 'Estudiantes')).toHaveText(number(data.gauss.students, 0));
  for (const score of data.scores) {
    await expect(figure(page, 'Puntaje de ensayos por materia', score.name)).toHaveText(
      `${number(score.average_score)} de ${number(score.max_score, 0)}`,
    );
  }
  const typeName: Record<string, string> = {
    custom: 'Prácticas',
    official: 'Ensayos',
    wrong_answers: 'Repasos de errores',
  };
  for (const row of data.correct_by_type) {
    await expect(
      figure(page, 'Correctas promedio por tipo de prueba', typeName[row.user_test_type]!),
    ).toHaveText(`${number(row.average_correct)} de ${number(row.average_total)}`);
  }
  // Four charts drawn by ECharts (bars, bell curve, radial, columns) as they come into view.
  await drawCharts(page);
  await expect(page.locator('.chart-card [data-chart] svg')).toHaveCount(4);
});

test('the statistics page charts a subject with the numbers of the statistics calls', async ({
  page,
}) => {
  const id = await subjectId(page, REVIEW_SUBJECT);
  const stats = page.waitForResponse((r) => r.url().includes('/api/user-subject-stats?'));
  const themes = page.waitForResponse((r) => r.url().includes('/api/themes-stats?'));
  const general = page.waitForResponse((r) => r.url().includes('/api/themes-stats-general?'));
  const gauss = page.waitForResponse((r) => r.url().includes('/api/my-percentages-gauss?'));
  await page.goto(`/estadistica?subject_id=${id}`);
  const summary = ((await (await stats).json()) as { data: Record<string, number> }).data;
  const perTheme = (
    (await (await themes).json()) as {
      data: { theme_id: number; name: string; correct_percentage: number }[];
    }
  ).data;
  const everyone = (
    (await (await general).json()) as { data: { theme_id: number; average_percentage: number }[] }
  ).data;
  const curve = ((await (await gauss).json()) as { data: { mean: number; students: number } }).data;

  expect(summary.attempts).toBe(8);
  const average = page.getByRole('region', { name: 'Tu promedio' });
  await expect(average.locator('dd').nth(0)).toHaveText(percent(summary.correct_percentage!));
  await expect(average.locator('dd').nth(1)).toHaveText(number(summary.correct!, 0));
  await expect(average.locator('dd').nth(2)).toHaveText(number(summary.questions!, 0));
  await expect(average.locator('dd').nth(3)).toHaveText('8');
  const comparison = 'Comparación con todos los estudiantes';
  await expect(figure(page, comparison, 'Promedio de los estudiantes')).toHaveText(
    percent(curve.mean),
  );
  await expect(figure(page, comparison, 'Estudiantes')).toHaveText(number(curve.students, 0));
  for (const theme of perTheme) {
    await expect(figure(page, 'Porcentaje de correctas por tema', theme.name)).toHaveText(
      percent(theme.correct_percentage),
    );
    const all = everyone.find((row) => row.theme_id === theme.theme_id)!.average_percentage;
    await expect(figure(page, 'Tú y todos los estudiantes por tema', theme.name)).toHaveText(
      `${number(theme.correct_percentage)} % · todos ${number(all)} %`,
    );
  }
  // Bell curve, radial, columns and bars, drawn as they come into view.
  await drawCharts(page);
  await expect(page.locator('.chart-card [data-chart] svg')).toHaveCount(4);
  await expect(
    page.getByRole('button', { name: 'Preguntas que fallaste', exact: true }),
  ).toBeVisible();
});

test('the history sorts and pages on the server', async ({ page }) => {
  // Five practices sent through the API, then four page loads: 8 s on a quiet machine.
  test.setTimeout(90_000);
  const id = await subjectId(page, HISTORY_SUBJECT);
  // 6 seeded practice tests in the subject; 5 more make two pages.
  for (let k = 0; k < 5; k++) await sendPractice(page, id);
  await page.goto(`/historico?subject_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Historial de prácticas' })).toBeVisible();
  await expect(page.getByText('11 pruebas')).toBeVisible();
  const rows = page.locator('.history-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(10);

  const sorted = page.waitForResponse(
    (r) => r.url().includes('sort=score') && r.url().includes('order=desc'),
  );
  await page.getByRole('columnheader', { name: /Puntaje/ }).click();
  await sorted;
  const byCorrect = page.waitForResponse(
    (r) => r.url().includes('sort=correct') && r.url().includes('order=desc'),
  );
  await page.getByRole('columnheader', { name: /Correctas/ }).click();
  await byCorrect;
  await expect(rows).toHaveCount(10);
  // The table keeps the previous page's rows until it has drawn the answer: wait for the order.
  const correctColumn = async () =>
    (await rows.locator('td:nth-child(5)').allTextContents()).map(Number);
  await expect
    .poll(async () => {
      const correct = await correctColumn();
      return correct.every((value, i) => i === 0 || correct[i - 1]! >= value);
    })
    .toBe(true);

  const paged = page.waitForRequest(
    (r) => r.url().includes('page=2') && r.url().includes('sort=correct'),
  );
  await page.getByRole('listitem', { name: '2' }).click();
  await paged;
  await expect(rows).toHaveCount(1);
});

/**
 * The message after a delete waits 2 s, and the page leaves 3 s later. Timed on the page's own
 * clock, from the DELETE's `responseEnd` to the DOM change that shows each: timed
 * from outside, Playwright saw the response up to 1.7 s after the page did on a busy machine.
 * The app's timers start when the response is read, a little after `responseEnd`, so the lower
 * bounds hold exactly; 50 ms of slack covers timer and clock rounding.
 */
const MESSAGE_MS = 2000;
const LEAVE_MS = 5000;
const SLACK_MS = 50;

type LeaveTimes = { deleted: number; message: number; moved: number };

/** Starts noting, on the page's clock, when a status matching `message` shows and when the page is at /materias. */
async function watchLeave(page: Page, message: RegExp) {
  await page.evaluate((source) => {
    // A page's scripts, fonts and reads can fill the default 250 entries before the DELETE.
    performance.setResourceTimingBufferSize(10_000);
    const pattern = new RegExp(source);
    const marks: { message?: number; moved?: number } = {};
    (window as unknown as { leaveMarks: typeof marks }).leaveMarks = marks;
    new MutationObserver(() => {
      const now = performance.now();
      const statuses = [...document.querySelectorAll('[role="status"]')];
      if (marks.message === undefined && statuses.some((s) => pattern.test(s.textContent ?? '')))
        marks.message = now;
      if (marks.moved === undefined && location.pathname === '/materias') marks.moved = now;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, message.source);
}

/** The times `watchLeave` noted, and the end of the DELETE's response (the history reads no attempt). */
async function leaveTimes(page: Page): Promise<LeaveTimes> {
  return page.evaluate(() => {
    const deletes = performance
      .getEntriesByType('resource')
      .filter((entry) => /^\/api\/user-tests(\/\d+)?$/.test(new URL(entry.name).pathname));
    const marks = (window as unknown as { leaveMarks: { message?: number; moved?: number } })
      .leaveMarks;
    return {
      deleted: (deletes.at(-1) as PerformanceResourceTiming).responseEnd,
      message: marks.message ?? Number.NaN,
      moved: marks.moved ?? Number.NaN,
    };
  });
}

function expectLeaveTimings({ deleted, message, moved }: LeaveTimes) {
  expect(message - deleted).toBeGreaterThanOrEqual(MESSAGE_MS - SLACK_MS);
  expect(moved - deleted).toBeGreaterThanOrEqual(LEAVE_MS - SLACK_MS);
  expect(moved).toBeGreaterThan(message);
}

test('delete and delete all wait 2 s for the message and 3 s more to leave', async ({ page }) => {
  // Two deletes of 5 s each, with their page loads: 22 s on a quiet machine, more than the default
  // 30 s on a busy one.
  test.setTimeout(120_000);
  const id = await subjectId(page, HISTORY_SUBJECT);
  await page.goto(`/historico?subject_id=${id}`);
  await expect(page.getByText(/\d+ pruebas/)).toBeVisible();
  const rows = page.locator('.history-table tbody tr.ant-table-row');
  const before = Number((await page.getByText(/\d+ pruebas/).textContent())!.split(' ')[0]);
  expect(before).toBeGreaterThanOrEqual(9);

  // Newest first: the first rows are the practice tests sent by the previous test.
  await rows.nth(0).getByRole('checkbox').check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Eliminar', exact: true }).click();
  await watchLeave(page, /eliminad/);
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page
    .getByRole('dialog', { name: 'Eliminar prueba' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  expect((await deleted).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: /eliminad/ })).toBeVisible({
    timeout: 8000,
  });
  await expect(page).toHaveURL(/\/materias$/, { timeout: 10_000 });
  expectLeaveTimings(await leaveTimes(page));

  await page.goto(`/historico?subject_id=${id}`);
  await expect(page.getByText(`${before - 1} pruebas`)).toBeVisible();
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await expect(page.getByRole('toolbar').getByText('2 seleccionadas')).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar todas' }).click();
  await watchLeave(page, /2/);
  const deletedAll = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page
    .getByRole('dialog', { name: 'Eliminar pruebas' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  const response = await deletedAll;
  expect(response.request().postDataJSON()).toMatchObject({ user_test_ids: expect.any(Array) });
  await expect(page.getByRole('status').filter({ hasText: /2/ })).toBeVisible({ timeout: 8000 });
  await expect(page).toHaveURL(/\/materias$/, { timeout: 10_000 });
  expectLeaveTimings(await leaveTimes(page));
  const history = await page.request.get(`/api/subjects/${id}/user-tests?type=custom`);
  expect(((await history.json()) as { meta: { total: number } }).meta.total).toBe(before - 3);
});

test('reviews a past mock exam question by question and finishes in its history', async ({
  page,
}) => {
  // A whole mock exam's palette is read, name by name: a CI run under load took more than 30 s.
  test.slow();
  const id = await subjectId(page, REVIEW_SUBJECT);
  await page.goto(`/historico/ensayo?subject_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Historial de ensayos' })).toBeVisible();
  const rows = page.locator('.history-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Revisar' }).click();
  await expect(page).toHaveURL(/\/revisar\?id=(\d+)$/);
  const attemptId = Number(new URL(page.url()).searchParams.get('id'));
  const attempt = (
    (await (await page.request.get(`/api/user-tests/${attemptId}`)).json()) as {
      data: { questions: { is_correct: boolean | null; is_marked: boolean }[] };
    }
  ).data;
  const total = attempt.questions.length;

  for (const n of [1, 2]) {
    const question = page.getByRole('article', { name: `Pregunta ${n} de ${total}` });
    await expect(question).toBeVisible();
    await expect(question.locator('.review-question__outcome')).toHaveText(
      attempt.questions[n - 1]!.is_correct ? 'Correcta' : 'Incorrecta',
    );
    await question.getByRole('button', { name: 'Ver explicación' }).click();
    await expect(question.getByRole('region', { name: 'Explicación' })).toBeVisible();
    if (n === 1) await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  for (const [index, question] of attempt.questions.entries()) {
    // The question palette names each number's state (answered, marked).
    const item = page.getByRole('button', {
      name: new RegExp(`^Ir a la pregunta ${index + 1}: `),
    });
    if (question.is_marked) await expect(item).toHaveAccessibleName(/ y marcada$/);
    else await expect(item).not.toHaveAccessibleName(/marcada$/);
  }
  await page.getByRole('button', { name: 'Finalizar revisión' }).click();
  await expect(page).toHaveURL(/\/historico\/ensayo$/);
});

test('the own wrong answers button starts a wrong-answers test', async ({ page }) => {
  const id = await subjectId(page, REVIEW_SUBJECT);
  await page.goto(`/estadistica?subject_id=${id}`);
  const started = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Preguntas que fallaste', exact: true }).click();
  const response = await started;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    subject_id: id,
    mode: 'wrong_answers',
    wrong_source: 'own',
  });
  await expect(page).toHaveURL(/\/revision\?id=\d+$/);
  await expect(page.getByRole('dialog', { name: 'Instrucciones' })).toBeVisible();
});
