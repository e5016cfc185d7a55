import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { startPaesTrial } from './support/paes-trial.ts';
import { registerVerifiedStudent } from './support/students.ts';
import { logIn } from './support/session.ts';

// An accessible runner. An admin gives a new student +50 % time in the back
// office and the student's timed practice is that much longer, from the server; the student sets
// a larger text and high contrast in the runner, which stay on the account; the whole test is
// taken with the keyboard; and axe-core finds no serious or critical violation on the setup, test,
// result and review pages (at 1280 px, and the test page again at 390 px in high contrast).

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core');

// axe-core is injected as an inline script, which the app's Content-Security-Policy forbids (as it
// should); this browser context alone lets it in.
test.use({ bypassCSP: true });
/** With SCREENSHOTS_DIR set, saves the pages looked at (for review, not for the docs). */
const SHOTS = process.env.SCREENSHOTS_DIR;

/** Runs axe-core in the page; every serious or critical violation is listed, with where. */
async function expectNoSeriousViolations(page: Page, name: string) {
  await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(
      document,
    ),
  );
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  expect.soft(serious, `axe on the ${name} page`).toEqual([]);
}

/** The admin finds the student in the back office and gives them `label` of extra time. */
async function grantExtraTime(page: Page, email: string, label: string) {
  await logIn(page, 'admin@ensaya.cl', { landing: /\/admin\/questions$/ });
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Sin tiempo adicional');
  await row.getByRole('button', { name: 'Editar' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(/Ajuste de accesibilidad/)).toBeVisible();
  await drawer.getByRole('combobox', { name: 'Tiempo adicional' }).click();
  await page
    .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`)
    .click();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/admin/users/') && r.request().method() === 'PATCH',
  );
  await drawer.getByRole('button', { name: 'Guardar' }).click();
  expect((await saved).status()).toBe(200);
  await expect(row).toContainText(label);
  await page.context().clearCookies();
}

test('extra time from the back office, reading settings, the keyboard, and axe on every runner page', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const email = await registerVerifiedStudent(page, 'e2e-a11y');
  await grantExtraTime(page, email, '+50 %');
  await startPaesTrial(page, email);

  // The setup page: a 3-question practice with a 10-minute timer.
  await page.goto('/materias');
  await page
    .getByRole('article', { name: 'Competencia Matemática M2', exact: true })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await expect(page).toHaveURL(/\/temas$/);
  await page.getByText('Personalizar', { exact: true }).click();
  await page.getByRole('radio', { name: 'Cantidad de preguntas' }).check();
  await page.getByRole('spinbutton', { name: 'Número de preguntas' }).fill('3');
  await page.getByRole('switch', { name: 'Temporizador' }).click();
  await page.getByRole('spinbutton', { name: 'Horas' }).fill('0');
  await page.getByRole('spinbutton', { name: 'Minutos' }).fill('10');
  await expectNoSeriousViolations(page, 'setup');
  const started = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Comenzar', exact: true }).click();
  const attempt = ((await (await started).json()) as { data: { id: number; seconds: number } })
    .data;
  // +50 %: the server made the 10 minutes 15.
  expect(attempt.seconds).toBe(15 * 60);

  // The test page, by keyboard only: the instructions' button, letters, M, arrows, Tab and Enter.
  const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
  await expect(instructions.getByText(/Tienes 15 minutos/)).toBeVisible();
  await expectNoSeriousViolations(page, 'instructions');
  const begun = page.waitForResponse((r) =>
    r.url().endsWith(`/api/user-tests/${attempt.id}/begin`),
  );
  await instructions.getByRole('button', { name: 'Continuar' }).focus();
  await page.keyboard.press('Enter');
  const clock = (
    (await (await begun).json()) as { data: { begun_at: string; deadline_at: string } }
  ).data;
  expect(Date.parse(clock.deadline_at) - Date.parse(clock.begun_at)).toBe(15 * 60 * 1000);
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 3' })).toBeVisible();

  await page.keyboard.press('b');
  await expect(page.getByRole('status').filter({ hasText: 'Guardado' })).toBeVisible();
  await page.keyboard.press('m');
  await expect(
    page.getByRole('status').filter({ hasText: 'Pregunta 1 marcada para revisar.' }),
  ).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('heading', { name: 'Pregunta 2 de 3' })).toBeVisible();
  await page.keyboard.press('c');
  // Formulas are read from KaTeX's MathML; its visual part is hidden from screen readers.
  for (const visual of await page.locator('.katex-html').all()) {
    await expect(visual).toHaveAttribute('aria-hidden', 'true');
  }
  expect(await page.locator('.katex').count()).toBe(await page.locator('.katex math').count());
  await expectNoSeriousViolations(page, 'test');

  // Reading settings from the runner: 150 % and high contrast, kept on the account.
  await page.getByRole('button', { name: /Lectura/ }).click();
  const saveSetting = () =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/me/reading-settings') && r.request().method() === 'PUT',
    );
  let put = saveSetting();
  await page
    .getByRole('group', { name: 'Tamaño del texto' })
    .getByRole('button', { name: '150 %' })
    .click();
  expect((await put).status()).toBe(200);
  put = saveSetting();
  await page.getByRole('switch', { name: 'Alto contraste' }).click();
  expect((await put).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-text-size', '150');
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expectNoSeriousViolations(page, 'test in high contrast at 150 %');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/a11y-test-desktop-150-contrast.png` });

  // The same on a phone, after a reload: the settings come back from the server.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pregunta 2 de 3' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-text-size', '150');
  await expect(page.locator('html')).toHaveAttribute('data-contrast', 'high');
  await expectNoSeriousViolations(page, 'test on a phone');
  // Larger text still fits the phone's width.
  expect(
    await page.evaluate(
      () => document.scrollingElement!.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/a11y-test-phone-150-contrast.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Sending with the keyboard: the finish button, then the confirmation dialog's button.
  await page.getByRole('button', { name: 'Finalizar prueba' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Enviar prueba' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Enviar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/resultado\\?id=${attempt.id}$`));
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
  await expectNoSeriousViolations(page, 'result');

  await page.getByRole('button', { name: 'Revisar tus respuestas' }).click();
  await expect(page).toHaveURL(new RegExp(`/revisar\\?id=${attempt.id}$`));
  await expect(page.getByRole('article', { name: 'Pregunta 1 de 3' })).toBeVisible();
  await expectNoSeriousViolations(page, 'review');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/a11y-review.png` });

  // Back to the normal settings from the account page.
  await page.goto('/cuenta/editar');
  const reading = page.getByRole('region', { name: 'Lectura' });
  await expect(reading.getByText(/Tienes 50 % de tiempo adicional/)).toBeVisible();
  if (SHOTS) await reading.screenshot({ path: `${SHOTS}/a11y-account-reading.png` });
  put = saveSetting();
  await reading.getByRole('button', { name: '100 %' }).click();
  await put;
  put = saveSetting();
  await reading.getByRole('switch', { name: 'Alto contraste' }).click();
  await put;
  await expect(page.locator('html')).not.toHaveAttribute('data-text-size');
  await expect(page.locator('html')).not.toHaveAttribute('data-contrast');
});
