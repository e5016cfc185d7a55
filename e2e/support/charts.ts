import { expect, type Page } from '@playwright/test';

/**
 * Scrolls each chart of the page into view and waits until ECharts has drawn it: charts draw when
 * they come near the screen (components/charts/echart.tsx), as a student scrolling down sees them.
 * Waits for the page's first chart unless `isRequired` is false; back at the top afterwards.
 */
export async function drawCharts(page: Page, { isRequired = true } = {}): Promise<void> {
  const charts = page.locator('[data-chart]');
  if (isRequired) await expect(charts.first()).toBeAttached();
  for (const chart of await charts.all()) {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg').first()).toBeAttached();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
