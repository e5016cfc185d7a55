import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The dialog, once it is open and still: Ant Design's dialogs zoom in, and a click during that
 * animation (slow on a loaded machine) can land beside its button, leaving the dialog open and the
 * test waiting for the next page. Every click inside a dialog goes through this first.
 */
export async function settledDialog(page: Page, name?: string): Promise<Locator> {
  const dialog = name === undefined ? page.getByRole('dialog') : page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  return dialog;
}
