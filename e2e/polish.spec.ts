import { expect, test, type Page } from '@playwright/test';

// Small things a student sees (items 17, 19 and 20): the login form after an error, one
// register in Spanish, a word in English about the Spanish bank, and a quiet console.

const PASSWORD = 'Ensaya2026!';

/** Console errors and failed responses while `visit` runs. */
async function consoleNoise(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) noise.push(`${response.status()} ${response.url()}`);
  });
  await visit();
  return noise;
}

test.describe('the login form after an error', () => {
  test('one click on "Ingresar" signs in after correcting an invalid e-mail', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('estudiante@ensaya');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('¡Formato inválido!')).toBeVisible();

    // The e-mail still has the focus; the one click that follows must not be lost to a message
    // that disappears on blur and moves the button away from the pointer.
    await page.getByLabel('Correo electrónico').fill('estudiante@ensaya.cl');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('wrong credentials: one message, both fields marked, gone while the student corrects', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('estudiante@ensaya.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const message = 'Estas credenciales no coinciden con nuestros registros.';
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByText(message)).toHaveCount(1);
    await expect(page.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('one register', () => {
  test('Spanish speaks to the student as "tú"', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText('Ingresa tu correo electrónico.')).toBeVisible();
    await expect(page.getByText(/ingrese|complete los/)).toHaveCount(0);
  });

  test('English says once that the questions and subject names are in Spanish', async ({
    page,
  }) => {
    await page.goto('/login/en/true');
    await page.getByLabel('E-mail', { exact: true }).fill('estudiante@ensaya.cl');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/materias');
    await expect(page.getByText(/names are in Spanish, as in the real exams/)).toHaveCount(1);

    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page.getByRole('heading', { name: 'Materias', level: 1 })).toBeVisible();
    await expect(page.getByText(/in Spanish/)).toHaveCount(0);
  });
});

test.describe('a quiet console', () => {
  test('a visitor opens the public pages without a 401 or any console error', async ({ page }) => {
    const noise = await consoleNoise(page, async () => {
      for (const route of [
        '/',
        '/login',
        '/olvido',
        '/paquetes',
        '/preguntas-frecuentes',
        '/soporte',
      ]) {
        await page.goto(route);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
    });
    expect(noise).toEqual([]);
  });

  test('a signed-in student opens the dashboard and the subjects without console errors', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('estudiante@ensaya.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const noise = await consoleNoise(page, async () => {
      for (const route of ['/dashboard', '/materias', '/cuenta/editar']) {
        await page.goto(route);
        await page.waitForLoadState('networkidle');
      }
    });
    expect(noise).toEqual([]);

    // After logout the hint is gone: the login page asks nothing and logs nothing.
    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    const afterLogout = await consoleNoise(page, async () => {
      await page.reload();
      await page.waitForLoadState('networkidle');
    });
    expect(afterLogout).toEqual([]);
  });
});
