import { expect, test, type Page } from '@playwright/test';
import type { ItemAnalysisList } from '@ensaya/core/contracts/item-analysis';
import { logIn } from './support/session.ts';

// Item analysis for authors on the demo data: the seed's cohort sat M1 mock
// exams, the job folds their answers into the aggregate rows, and the back office lists the
// period's questions with their figures and flags. Nothing here changes data. With SCREENSHOTS=1
// it saves docs/screenshots/item-analysis.png.

const SUBJECT = 'Competencia Matemática M1';

/** The M1 current period's list as the API sends it, once the job has counted every attempt. */
async function countedList(page: Page): Promise<ItemAnalysisList> {
  const subjects = await page.request.get('/api/admin/subjects?per_page=100');
  const subject = (
    (await subjects.json()) as { data: Array<{ id: number; name: string }> }
  ).data.find((row) => row.name === SUBJECT)!;
  const periods = await page.request.get(`/api/admin/periods?subject_id=${subject.id}`);
  const period = (
    (await periods.json()) as { data: Array<{ id: number; is_current: boolean }> }
  ).data.find((row) => row.is_current)!;
  let list: ItemAnalysisList | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/api/admin/item-analysis?period_id=${period.id}&per_page=100&flagged=true`,
        );
        list = (await response.json()) as ItemAnalysisList;
        return list.meta.pending_attempts === 0 && list.meta.total > 0;
      },
      { timeout: 60_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(true);
  return list!;
}

test('an author finds the flagged questions of M1 and opens one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'admin@ensaya.cl', { landing: /\/admin/ });
  const flagged = await countedList(page);

  await page.goto('/admin/item-analysis');
  await expect(page.getByRole('heading', { level: 1, name: 'Análisis de ítems' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Materia' }).click();
  await page.locator(`.ant-select-item-option[title="${SUBJECT}"]`).click();
  // The current period is chosen by itself.
  await expect(page).toHaveURL(/period_id=\d+/);
  // Up to date when counted above; a test running beside this one may have sent an M1 attempt
  // since, which the page then says is still to be counted.
  await expect(
    page.locator('.item-analysis__meta').filter({ hasText: /^(Cifras al día\.|Falta contar)/ }),
  ).toBeVisible();
  // (The state is in the address: the box shows it once the navigation is done.)
  await page.getByRole('checkbox', { name: 'Solo con alertas' }).click();
  await expect(page.getByRole('checkbox', { name: 'Solo con alertas' })).toBeChecked();
  await expect(page.getByText(`${flagged.meta.total} en total`)).toBeVisible();
  // Worst discrimination first.
  await page.getByRole('columnheader', { name: /Discriminación/ }).click();
  await expect(page).toHaveURL(/sort=discrimination/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(Math.min(20, flagged.meta.total));
  for (const row of await rows.all()) {
    await expect(row.locator('.ant-tag').first()).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  if (process.env.SCREENSHOTS) {
    await page.mouse.move(0, 0); // no sorter tooltip in the picture
    await page.screenshot({ path: 'docs/screenshots/item-analysis.png', fullPage: true });
  }

  const first = rows.first().getByRole('link').first();
  const excerpt = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/admin\/item-analysis\/\d+\?/);
  await expect(page.getByRole('heading', { level: 1, name: /análisis del ítem/ })).toBeVisible();
  const options = page.getByRole('list', {
    name: 'Porcentaje de intentos que eligió cada alternativa',
  });
  await expect(options.getByRole('listitem')).toHaveCount(5); // A-D and unanswered
  await expect(options.getByText('(respuesta correcta)')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: /Comentarios de estudiantes/ })).toBeVisible();
  expect(excerpt.length).toBeGreaterThan(0);

  // On a phone the detail stays within the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(options).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: 'docs/screenshots/item-analysis-detail.png', fullPage: true });
  }
  await page.getByRole('link', { name: /Volver al análisis de ítems/ }).click();
  await expect(page).toHaveURL(/\/admin\/item-analysis\?.*flagged=true/);
});

test('a student is refused the page and the API', async ({ page }) => {
  await logIn(page, 'estudiante@ensaya.cl');
  await page.goto('/admin/item-analysis');
  await expect(page.getByText('Acceso no permitido')).toBeVisible();
  const response = await page.request.get('/api/admin/item-analysis?period_id=1');
  expect(response.status()).toBe(403);
});
