import { expect, test, type Locator, type Page } from '@playwright/test';
import { logIn } from './support/session.ts';
import { sendTest } from './support/runner.ts';

// Taking a test: the browser's back button asks before it
// sends the test, and a test left any way leaves the full header and a "resume" banner behind; the
// clock starts on "Continue" and warns before the end; arrow keys move between questions instead
// of changing the answer, letters choose, and a reload resumes on the same question; the status
// table is a palette of numbers that open their question, fitting a 360 px phone.
// Every test works on its own subject of debug@ensaya.cl, which no other spec uses, since a
// subject holds one attempt in progress per student.

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;

/** Sets up a practice of `count` questions in `subject` (with a timer of `minutes`) and starts it. */
async function startPractice(
  page: Page,
  subject: string | RegExp,
  count: number,
  minutes?: number,
): Promise<number> {
  await page.goto('/materias');
  await page
    .getByRole('article', { name: subject, exact: typeof subject === 'string' })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await expect(page).toHaveURL(/\/temas$/);
  await page.getByText('Personalizar', { exact: true }).click();
  await page.getByRole('radio', { name: 'Cantidad de preguntas' }).check();
  await page.getByRole('spinbutton', { name: 'Número de preguntas' }).fill(String(count));
  if (minutes !== undefined) {
    await page.getByRole('switch', { name: 'Temporizador' }).click();
    await page.getByRole('spinbutton', { name: 'Horas' }).fill('0');
    await page.getByRole('spinbutton', { name: 'Minutos' }).fill(String(minutes));
  }
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Comenzar', exact: true }).click();
  const started = await response;
  expect(started.status()).toBe(201);
  const id = ((await started.json()) as { data: { id: number } }).data.id;
  await expect(page).toHaveURL(new RegExp(`/test\\?id=${id}$`));
  return id;
}

async function continueInstructions(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Instrucciones' });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();
}

const heading = (page: Page, n: number, total: number) =>
  page.getByRole('heading', { name: `Pregunta ${n} de ${total}` });
const paletteItem = (page: Page, n: number): Locator =>
  page.getByRole('button', { name: new RegExp(`^Ir a la pregunta ${n}: `) });
const choice = (page: Page, label: string) =>
  page.locator('.question__choices').getByRole('radio', { name: new RegExp(`^${label}\\)`) });
const header = (page: Page) => page.getByRole('banner');

async function finish(page: Page) {
  await sendTest(page);
}

async function hasHorizontalScroll(page: Page) {
  return page.evaluate(
    () => document.scrollingElement!.scrollWidth > document.documentElement.clientWidth,
  );
}

test.describe('taking a test', () => {
  test("the browser's back button asks first, and leaving sends the test and brings the header back", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, 'debug@ensaya.cl');
    const id = await startPractice(page, 'Competencia Lectora', 3);
    await continueInstructions(page);
    // While the test runs the header leads nowhere.
    await expect(header(page).getByRole('link')).toHaveCount(0);
    await choice(page, 'A').check();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
    // Reloading or closing the tab gets the browser's own question.
    expect(
      await page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      }),
    ).toBe(true);

    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Salir de la prueba' });
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/test\\?id=${id}$`));
    await leave.getByRole('button', { name: 'Seguir respondiendo' }).click();
    await expect(leave).toBeHidden();
    await expect(heading(page, 1, 3)).toBeVisible();
    await expect(choice(page, 'A')).toBeChecked();

    // Asked again on the next press; this time the student leaves, and the test is sent.
    const submitted = page.waitForRequest(
      (r) => r.url().endsWith(`/api/user-tests/${id}/submit`) && r.method() === 'POST',
    );
    await page.goBack();
    await leave.getByRole('button', { name: 'Salir y enviar' }).click();
    expect((await submitted).postDataJSON()).toEqual({ reason: 'leave' });
    await expect(page).toHaveURL(new RegExp(`/resultado\\?id=${id}$`));
    await expect(
      page.getByText('Saliste de la prueba, así que se envió con las respuestas que habías dado.'),
    ).toBeVisible();
    await expect(
      page.locator('.result__fact').filter({ hasText: 'Omitidas' }).locator('dd'),
    ).toHaveText('2');
    // The whole header again, and still after a reload.
    await expect(header(page).getByRole('link', { name: 'Materias' })).toBeVisible();
    await page.reload();
    await expect(header(page).getByRole('link', { name: 'Materias' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('header'))).toBe('1');
  });

  test('a test left by leaving the page keeps the full header elsewhere and offers to resume it where it was', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, 'debug@ensaya.cl');
    const id = await startPractice(page, 'Ciencias', 5);
    // A reload while the instructions are open shows them again: the clock has not started.
    await page.reload();
    await continueInstructions(page);
    await choice(page, 'B').check();
    await paletteItem(page, 3).click();
    await expect(heading(page, 3, 5)).toBeVisible();
    await choice(page, 'C').check();
    await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();

    // A reload resumes on question 3, with the answers, without the instructions.
    await page.reload();
    await expect(heading(page, 3, 5)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Instrucciones' })).toHaveCount(0);
    await expect(choice(page, 'C')).toBeChecked();
    await expect(header(page).getByRole('link')).toHaveCount(0);

    // Typing another address leaves the page: the header is whole there, with a way back.
    await page.goto('/dashboard');
    await expect(header(page).getByRole('link', { name: 'Materias' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Tienes una prueba en curso' });
    await expect(banner).toBeVisible();
    const resume = banner.getByRole('link', { name: 'Retomar: Práctica de Ciencias' });
    await expect(resume).toHaveAttribute('href', `/test?id=${id}`);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/banner-dashboard-es.png` });

    // The subject list says so too, in English as well.
    await page.goto('/materias');
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    const englishBanner = page.getByRole('region', { name: 'You have a test in progress' });
    await expect(
      englishBanner.getByRole('link', { name: 'Resume: Practice in Ciencias' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Change language' }).click();

    await page.goto('/dashboard');
    await page
      .getByRole('region', { name: 'Tienes una prueba en curso' })
      .getByRole('link', { name: 'Retomar: Práctica de Ciencias' })
      .click();
    await expect(heading(page, 3, 5)).toBeVisible();
    await expect(header(page).getByRole('link')).toHaveCount(0);
    await expect(paletteItem(page, 1)).toHaveAccessibleName('Ir a la pregunta 1: respondida');
    await finish(page);
    // Sent: no longer offered (another test of this student may still run in parallel).
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: /^Hola/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retomar: Práctica de Ciencias' })).toHaveCount(0);
  });

  test('arrow keys move between questions without changing the answer; letters, digits and M answer and mark', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await logIn(page, 'debug@ensaya.cl');
    await startPractice(page, /^Historia/, 4);
    const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
    await expect(
      instructions.getByText(/← y → cambian de pregunta; A a I \(o 1 a 9\) eligen/),
    ).toBeVisible();
    await continueInstructions(page);

    await choice(page, 'A').click();
    await expect(choice(page, 'A')).toBeChecked();
    await expect(choice(page, 'A')).toBeFocused();
    // The radio group's own arrows would pick B (and save it).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(choice(page, 'A')).toBeChecked();
    await expect(heading(page, 1, 4)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(heading(page, 2, 4)).toBeVisible();
    await expect(choice(page, 'A')).not.toBeChecked();
    await page.keyboard.press('ArrowLeft');
    await expect(heading(page, 1, 4)).toBeVisible();
    await expect(choice(page, 'A')).toBeChecked();

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('b');
    await expect(choice(page, 'B')).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('3');
    await page.keyboard.press('m');
    await expect(choice(page, 'C')).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Marcar para revisar' })).toBeChecked();

    // The palette says each question's state in words, and a number opens its question.
    await expect(paletteItem(page, 1)).toHaveAccessibleName('Ir a la pregunta 1: respondida');
    await expect(paletteItem(page, 3)).toHaveAccessibleName(
      'Ir a la pregunta 3: respondida y marcada',
    );
    await expect(paletteItem(page, 4)).toHaveAccessibleName('Ir a la pregunta 4: sin responder');
    await expect(paletteItem(page, 3)).toHaveAttribute('aria-current', 'step');
    await paletteItem(page, 4).click();
    await expect(heading(page, 4, 4)).toBeVisible();
    // Keyboard focus stays visible.
    await page.keyboard.press('Shift+Tab');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');

    // On phones the palette opens as a sheet from the status line and wraps: no
    // sideways scroll at 360 px.
    for (const width of [360, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const sheet = page.getByRole('dialog', { name: 'Preguntas' });
      if (width < 840) {
        await page.locator('.test-page__bar').getByRole('button', { name: 'Preguntas' }).click();
        await expect(sheet).toBeVisible();
      }
      await expect(paletteItem(page, 4)).toBeVisible();
      expect(await hasHorizontalScroll(page), `${width} px`).toBe(false);
      if (SCREENSHOTS) {
        await page.locator('.palette').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/palette-${width}-es.png`, fullPage: true });
      }
      if (width < 840) {
        await page.keyboard.press('Escape');
        await expect(sheet).toBeHidden();
      }
    }
    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await expect(
      page.getByRole('button', { name: 'Go to question 3: answered and marked' }),
    ).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/palette-1280-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Change language' }).click();
    await finish(page);
  });

  test('the clock starts on "Continue" and warns at five minutes and at one minute left', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await logIn(page, 'debug@ensaya.cl');
    await startPractice(page, 'Competencia Matemática M2', 3, 10);
    await expect(page.getByText('El reloj parte al continuar')).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    // Time on the instructions is not counted.
    await page.clock.fastForward('00:30');
    await continueInstructions(page);
    const timer = page.getByRole('timer', { name: 'Tiempo restante' });
    await expect(timer).toHaveText(/^00:(10:00|09:5\d)$/);
    const warning = page.locator('.countdown').getByRole('alert');
    await expect(warning).toHaveText('');

    await page.clock.fastForward('05:01');
    await expect(warning).toHaveText('Quedan 5 minutos.');
    await expect(timer).toHaveText(/^00:04:5\d$/);
    await page.clock.fastForward('04:00');
    await expect(warning).toHaveText('Queda 1 minuto.');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/warning-es.png` });
    await finish(page);
  });
});
