import { expect, test } from '@playwright/test';
import { drawCharts } from './support/charts.ts';
import { logIn } from './support/session.ts';
import { sendTest } from './support/runner.ts';

// The README's screenshots of the demo student, saved with `SCREENSHOTS=1` only: the dashboard and
// the statistics at 1280 px, a running test on a 390 px phone, and the account page. (The
// subscription screenshots come from subscriptions.spec.ts.) The test it starts is sent at the
// end, so nothing is left running.

test.skip(!process.env.SCREENSHOTS, 'screenshots are saved with SCREENSHOTS=1');

const DIR = 'docs/screenshots';

test('the demo student at 1280 px: dashboard, statistics and account', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Charts draw without their entry animation, so a screenshot needs no wait for it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, 'estudiante@ensaya.cl');
  await drawCharts(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${DIR}/dashboard.png`, fullPage: true });

  await page.goto('/materias');
  await page
    .getByRole('article', { name: 'Competencia Matemática M1', exact: true })
    .getByRole('button', { name: 'Ver estadísticas' })
    .click();
  await expect(page).toHaveURL(/\/estadistica/);
  await drawCharts(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${DIR}/statistics.png`, fullPage: true });

  await page.goto('/cuenta/editar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${DIR}/account.png`, fullPage: true });
});

test('a running test on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, 'estudiante@ensaya.cl');
  await page.goto('/materias');
  await page
    .getByRole('article', { name: 'Competencia Matemática M1', exact: true })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await page.getByText('Personalizar', { exact: true }).click();
  await page.getByRole('radio', { name: 'Cantidad de preguntas' }).check();
  await page.getByRole('spinbutton', { name: 'Número de preguntas' }).fill('10');
  await page.getByRole('button', { name: 'Comenzar', exact: true }).click();
  await expect(page).toHaveURL(/\/test\?id=\d+$/);
  await page
    .getByRole('dialog', { name: 'Instrucciones' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 10' })).toBeVisible();
  // One answered and one marked, so the palette shows its states.
  await page.locator('.question__choices').getByRole('radio').first().check();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('m');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { name: 'Pregunta 1 de 10' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${DIR}/test-phone.png`, fullPage: true });

  await sendTest(page);
});
