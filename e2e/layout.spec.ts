import { expect, test } from '@playwright/test';

test('the login page and the footer fit a phone and a desktop without horizontal scrolling', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
});

test('the footer opens the 16-paragraph terms and conditions', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: /Términos y condiciones/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('ol > li, p.terms-paragraph')).toHaveCount(16);
});
