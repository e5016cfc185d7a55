import { expect, test, type Locator, type Page } from '@playwright/test';
import { startPaesTrial } from './support/paes-trial.ts';
import { registerVerifiedStudent } from './support/students.ts';
import { sendTest } from './support/runner.ts';

// A Ciencias mock exam as the real PAES, on a phone: the student picks the elective
// module in the setup (common module 18 + 18 + 18 plus the elective's 26), takes the exam, and
// the result says the 5 pilot questions were not scored, its counts add up to the 75 scored, shows no
// pass mark (458 is the CL + M1 average to apply, not a pass mark); the history names the
// elective. A new student on a PAES trial: the demo students' Ciencias is used by other files.

/** With SHOTS_DIR set, saves the page (for looking at it, not for the docs). */
const shotsDir = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

function fact(page: Page, label: string): Locator {
  return page
    .locator('.result__fact')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');
}

test.use({ viewport: { width: 390, height: 844 } });

test('a Ciencias mock exam with an elective, through to its result, on a phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await startPaesTrial(
    page,
    await registerVerifiedStudent(page, 'e2e-electivo'),
    'Av. Libertador 1234',
  );

  await page.goto('/materias');
  await page
    .getByRole('article', { name: 'Ciencias', exact: true })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await expect(page).toHaveURL(/\/temas$/);
  await page.getByRole('tab', { name: 'Rendir ensayo' }).click();
  const card = page.getByRole('region', { name: 'Ciencias' });
  const electives = card.getByRole('group', { name: 'Módulo electivo' });
  await expect(electives.getByRole('radio')).toHaveCount(3);
  for (const name of ['Biología', 'Química', 'Física']) {
    await expect(electives.getByRole('radio', { name, exact: true })).toBeVisible();
  }
  // No choice yet: the exam cannot start.
  const startButton = card.getByRole('button', { name: 'Comenzar ensayo' });
  await expect(startButton).toBeDisabled();
  await electives.getByRole('radio', { name: 'Física', exact: true }).check();
  // The themes are one tap away under the exam's description.
  await card.getByText('Ver los temas del ensayo').click();
  await expect(card.getByRole('row', { name: /Electivo Física/ })).toBeVisible();
  await expect(card.getByRole('row', { name: /Electivo Química/ })).toHaveCount(0);
  await shot(page, 'elective-setup-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'elective-setup-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  const started = page.waitForResponse(
    (r) => r.url().endsWith('/api/user-tests') && r.request().method() === 'POST',
  );
  await startButton.click();
  const response = await started;
  expect(response.status()).toBe(201);
  const request = response.request().postDataJSON() as { elective_theme_id?: number };
  expect(request.elective_theme_id).toBeGreaterThan(0);
  const attempt = (await response.json()) as {
    data: { questions: Array<{ theme_name: string }> };
  };
  const themes = new Set(attempt.data.questions.map((question) => question.theme_name));
  expect(themes.has('Electivo Química')).toBe(false);
  expect(themes.has('Electivo Biología')).toBe(false);

  await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/);
  const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
  await instructions.getByRole('button', { name: 'Continuar' }).click();
  await expect(instructions).toBeHidden();
  await page.locator('.question__choices').getByRole('radio').first().check();
  await sendTest(page);

  await expect(page.getByText('Ciencias · Electivo Física · Ensayo')).toBeVisible();
  const total = attempt.data.questions.length;
  // The numbers add up: the scored questions and the pilots said apart.
  await expect(fact(page, 'Preguntas')).toHaveText(`${total - 5} + 5 piloto`);
  const counted = await Promise.all(
    ['Correctas', 'Incorrectas', 'Omitidas'].map(async (name) =>
      Number(await fact(page, name).textContent()),
    ),
  );
  expect(counted.reduce((sum, count) => sum + count, 0)).toBe(total - 5);
  await expect(
    page.getByText(
      `Este ensayo tuvo ${total} preguntas: ${total - 5} puntuadas y 5 piloto, que no se puntúan`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Esta prueba no tiene puntaje de aprobación/)).toBeVisible();
  await expect(page.getByText('Reprobado')).toHaveCount(0);
  await expect(page.getByText('Aprobado')).toHaveCount(0);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'elective-result-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'elective-result-1280');
});
