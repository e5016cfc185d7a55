import { expect, type Page } from '@playwright/test';
import { settledDialog } from './dialogs.ts';

/**
 * Sends the running test as a student does: "Finalizar prueba", then "Enviar" in the confirmation,
 * and waits for the result page (the click waits for the dialog to settle: support/dialogs.ts).
 */
export async function sendTest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finalizar prueba' }).click();
  const dialog = await settledDialog(page, 'Enviar prueba');
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/resultado\?id=\d+$/, { timeout: 20_000 });
}

/**
 * From the subject list to the setup of `subject`, with "Personalizar" (the spec's four ways and
 * switches, closed at first) open.
 */
export async function openTestSetup(page: Page, subject: string): Promise<void> {
  await page.goto('/materias');
  await page
    .getByRole('article', { name: subject, exact: true })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await expect(page).toHaveURL(/\/temas$/);
  await expect(page.getByRole('heading', { name: 'Configurar prueba' })).toBeVisible();
  await page.getByText('Personalizar', { exact: true }).click();
}
