import { expect, type Page } from '@playwright/test';

/**
 * Sends the running test as a student does: "Finalizar prueba", then "Enviar" in the confirmation,
 * and waits for the result page. The dialog zooms in: a click during its opening animation (slow
 * on a loaded machine) can land beside the button, so the click waits for the animation to end.
 */
export async function sendTest(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Finalizar prueba' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar prueba' });
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/resultado\?id=\d+$/, { timeout: 20_000 });
}
