import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders } from './support/students.ts';
import { logIn } from './support/session.ts';

// After a test (items 7 to 10 and 18): the history of every kind of test (practice,
// mock exams, wrong-answer drills) reachable from the page header and the statistics, with the
// time of day and as cards on a phone; the result page's review link, special questions and
// plurals; drills apart from practice in the history and the statistics; the tabs that light up;
// and the back-office entry for administrators only. The demo student works in Competencia
// Matemática M2, which the history and statistics suite leaves alone; the debug user in class B.

const SUBJECT = 'Competencia Matemática M2';
const CLASS_B = 'Examen teórico clase B';
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;
const takeScreenshots = process.env.SCREENSHOTS === '1';

test.describe.configure({ mode: 'serial' });

async function subjectId(page: Page, name: string): Promise<number> {
  const response = await page.request.get('/api/subjects');
  const body = (await response.json()) as {
    data: { subjects: { id: number; name: string }[] }[];
  };
  const card = body.data.flatMap((test) => test.subjects).find((subject) => subject.name === name);
  if (!card) throw new Error(`No subject ${name}`);
  return card.id;
}

type Started = {
  id: number;
  questions: { stem_id: number; choices: { id: number; is_correct?: boolean }[] }[];
};

/** Starts an attempt through the API, as the setup page would. */
async function start(page: Page, body: Record<string, unknown>): Promise<Started> {
  const response = await page.request.post('/api/user-tests', {
    headers: await csrfHeaders(page.request, page),
    data: { random_question: false, random_answer: false, replace_in_progress: true, ...body },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Started }).data;
}

async function submit(page: Page, id: number) {
  const response = await page.request.post(`/api/user-tests/${id}/submit`, {
    headers: await csrfHeaders(page.request, page),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { score: number; special_numbers: number[] } }).data;
}

async function total(page: Page, subject: number, type: string): Promise<number> {
  const response = await page.request.get(`/api/subjects/${subject}/user-tests?type=${type}`);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

async function subjectStats(page: Page, subject: number, type: string) {
  const response = await page.request.get(
    `/api/user-subject-stats?subject_id=${subject}&user_test_type=${type}`,
  );
  return ((await response.json()) as { data: { attempts: number; average_percentage: number } })
    .data;
}

async function toEnglish(page: Page) {
  await page.getByRole('button', { name: 'Cambiar idioma' }).click();
  await expect(page.getByRole('button', { name: 'Change language' })).toBeVisible();
}

const pageMenu = (page: Page) =>
  page.getByRole('navigation', { name: /Menú de la materia|Subject menu/ });

test('the history of each kind is one click away, with the time of day, and fits a phone', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'estudiante@ensaya.cl', { settle: true });
  const id = await subjectId(page, SUBJECT);
  const officialCount = await total(page, id, 'official');
  expect(officialCount).toBeGreaterThan(0);

  // From the statistics: a link to each kind's history (the statistics count every kind).
  await page.goto(`/estadistica?subject_id=${id}`);
  const links = page.getByRole('navigation', { name: 'Ver historial' });
  await expect(links.getByRole('link')).toHaveText(['Prácticas', 'Ensayos', 'Repasos de errores']);
  // The page header lights "Estadísticas"; the app header's nav lights "Materias".
  const menu = pageMenu(page);
  await expect(menu.getByRole('link', { name: 'Estadísticas' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'Materias' })).not.toHaveAttribute(
    'aria-current',
    'page',
  );
  const mainNav = page.getByRole('navigation', { name: 'Navegación principal' });
  await expect(mainNav.getByRole('link', { name: 'Materias' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  if (takeScreenshots) {
    await page.screenshot({ path: '/tmp/pw-c/statistics-desktop-es.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/pw-c/statistics-phone-es.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await links.getByRole('link', { name: 'Ensayos' }).click();
  await expect(page).toHaveURL(new RegExp(`/historico/ensayo\\?subject_id=${id}$`));
  await expect(page.getByRole('heading', { name: 'Historial de ensayos' })).toBeVisible();
  // (The test engine's suite may send an M2 mock exam meanwhile: at least as many as counted.)
  await expect(page.getByText(/^\d+ pruebas?$/)).toBeVisible();
  await expect(pageMenu(page).getByRole('link', { name: 'Historial' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const rows = page.locator('.history-table tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(officialCount, 10));
  await expect(rows.first().locator('td').nth(1)).toHaveText(DATE_TIME);
  await expect(rows.first()).toContainText('Ensayo');

  // The switch on the page: practice tests and back.
  const kinds = page.getByRole('navigation', { name: 'Tipo de prueba' });
  await expect(kinds.getByRole('link', { name: 'Ensayos' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await kinds.getByRole('link', { name: 'Prácticas' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de prácticas' })).toBeVisible();
  await expect(rows.first()).toContainText('Práctica');

  // From the page header's "Historial" too.
  await page.goto(`/estadistica?subject_id=${id}`);
  await pageMenu(page).getByRole('link', { name: 'Historial' }).click();
  await expect(page.getByRole('heading', { name: 'Historial de prácticas' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Tipo de prueba' }).getByRole('link', { name: 'Ensayos' }),
  ).toBeVisible();

  // A phone: cards, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/historico/ensayo?subject_id=${id}`);
  const cards = page.locator('.history-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(Math.min(officialCount, 10));
  await expect(page.locator('.history-table')).toHaveCount(0);
  await expect(cards.first().locator('.history-card__date')).toHaveText(DATE_TIME);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  // Select a card: the actions appear; the sort is a select.
  await cards.first().getByRole('checkbox').check();
  await expect(page.getByRole('toolbar', { name: 'Acciones sobre la selección' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toBeVisible();
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/history-phone-es.png' });

  // In English.
  await toEnglish(page);
  await expect(page.getByRole('heading', { name: 'Mock exam history' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Kind of test' }).getByRole('link', { name: 'Drills' }),
  ).toBeVisible();
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/history-phone-en.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(rows.first().locator('td').nth(1)).toHaveText(DATE_TIME);
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/history-desktop-en.png' });
});

test('a wrong-answers drill is listed and counted apart from practice tests', async ({ page }) => {
  await logIn(page, 'estudiante@ensaya.cl', { settle: true });
  const id = await subjectId(page, SUBJECT);
  const practiceBefore = await subjectStats(page, id, 'custom');
  const practiceCount = await total(page, id, 'custom');
  const drillsBefore = await subjectStats(page, id, 'wrong_answers');

  // A drill of the student's own wrong answers, sent with every answer blank: 0 %.
  const drill = await start(page, { subject_id: id, mode: 'wrong_answers', wrong_source: 'own' });
  await submit(page, drill.id);

  // The practice average and count do not move; the drill counts as a drill.
  expect(await subjectStats(page, id, 'custom')).toEqual(practiceBefore);
  expect(await total(page, id, 'custom')).toBe(practiceCount);
  expect((await subjectStats(page, id, 'wrong_answers')).attempts).toBe(drillsBefore.attempts + 1);

  await page.goto(`/historico/repasos?subject_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Historial de repasos' })).toBeVisible();
  const rows = page.locator('.history-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(drillsBefore.attempts + 1, 10));
  await expect(rows.first()).toContainText('Preguntas que fallaste');

  // The statistics show drills as their own kind.
  await page.goto(`/estadistica?subject_id=${id}`);
  const stats = page.waitForResponse(
    (r) => r.url().includes('/api/user-subject-stats?') && r.url().includes('wrong_answers'),
  );
  await page
    .getByRole('radiogroup', { name: 'Tipo de prueba' })
    .getByText('Repasos de errores', { exact: true })
    .click();
  const summary = ((await (await stats).json()) as { data: { attempts: number } }).data;
  expect(summary.attempts).toBe(drillsBefore.attempts + 1);
});

test('the result links to its review, lists special questions only for a class B exam, and counts points in good English', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await logIn(page, 'debug@ensaya.cl', { settle: true });
  const classB = await subjectId(page, CLASS_B);

  // A 5-question class B practice: no special questions on its result.
  const practice = await start(page, {
    subject_id: classB,
    mode: 'practice',
    selection: { value: 2, limit: 5 },
  });
  // The debug user sees the question's id, but no back-office link (not an administrator).
  await page.goto(`/test?id=${practice.id}`);
  const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
  await instructions.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.locator('.question__debug')).toContainText(/ID \d+/);
  await expect(page.getByRole('link', { name: 'Ver en administración' })).toHaveCount(0);
  await submit(page, practice.id);

  // The page header's menu comes from the subject chosen (here, through the statistics).
  await page.goto(`/estadistica?subject_id=${classB}`);
  await expect(pageMenu(page).getByRole('link', { name: 'Estadísticas' })).toBeVisible();
  await page.goto(`/resultado?id=${practice.id}`);
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
  await expect(page.getByText(/Preguntas especiales/)).toHaveCount(0);
  // Nothing in the page header's menu is lit on the result.
  await expect(pageMenu(page).getByRole('link', { name: 'Materias' })).toBeVisible();
  await expect(pageMenu(page).locator('[aria-current="page"]')).toHaveCount(0);
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/result-practice-es.png' });
  await page.getByRole('button', { name: 'Revisar tus respuestas' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisar\\?id=${practice.id}$`));
  await expect(page.getByRole('article', { name: 'Pregunta 1 de 5' })).toBeVisible();
  await expect(pageMenu(page).getByRole('link', { name: 'Historial' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // A class B mock exam with question 1 answered from its key: 1 point, or 2 when it is special.
  const exam = await start(page, { subject_id: classB, mode: 'mock_exam' });
  // Continued from the instructions: a timed attempt takes answers from its begin.
  const begun = await page.request.post(`/api/user-tests/${exam.id}/begin`, {
    headers: await csrfHeaders(page.request, page),
  });
  expect(begun.ok(), await begun.text()).toBe(true);
  const first = exam.questions[0]!;
  const keys = first.choices.filter((choice) => choice.is_correct).map((choice) => choice.id);
  const saved = await page.request.post(`/api/user-tests/${exam.id}/stems`, {
    headers: await csrfHeaders(page.request, page),
    data: { stems: [{ stem_id: first.stem_id, stem_choice_ids: keys, is_marked: false, seq: 1 }] },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const result = await submit(page, exam.id);
  expect(result.special_numbers).toHaveLength(3);
  await page.goto(`/resultado?id=${exam.id}`);
  await expect(
    page.getByText(/Preguntas especiales \(valen un punto más\): \d+, \d+, \d+/),
  ).toBeVisible();
  await toEnglish(page);
  await expect(page.getByText(/Special questions \(one extra point each\)/)).toBeVisible();
  // 1 or 2 points: short of 33 by 32 or 31, in the plural, with the points large out of 38.
  await expect(
    page.getByText(
      `You were ${33 - result.score} points short: you scored ${result.score} and the pass mark is 33.`,
    ),
  ).toBeVisible();
  await expect(page.locator('.result__score')).toHaveText(`${result.score} of 38 points`);
  await expect(page.getByRole('button', { name: 'Review your answers' })).toBeVisible();
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/result-exam-en.png' });
});

test('administrators reach the back office from the header; students do not see it', async ({
  page,
}) => {
  // Two logins and the back office twice, at two widths: more than 30 s on a busy machine.
  test.setTimeout(60_000);
  await logIn(page, 'estudiante@ensaya.cl', { settle: true });
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mi perfil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administración' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.context().clearCookies();
  // An administrator lands on the back office; the student pages' menu still leads back to it.
  await logIn(page, 'admin@ensaya.cl', { landing: /\/admin\/questions$/, settle: true });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin/);

  // The drawer on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Inicio' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  if (takeScreenshots) await page.screenshot({ path: '/tmp/pw-c/drawer-admin-es.png' });
  await drawer.getByRole('link', { name: 'Administración' }).click();
  await expect(page).toHaveURL(/\/admin/);
});
