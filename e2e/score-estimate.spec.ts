import { expect, test, type Page } from '@playwright/test';
import type { ScoreEstimate } from '@ensaya/core/contracts/score-estimate';
import { logIn } from './support/session.ts';

// The indicative PAES score estimate as the demo student sees it: on the
// dashboard every PAES test with its 80 % range as GET /api/score-estimate sends it, the CL + M1
// average against 458 and the themes that raise the score most; on the statistics page of M1 only
// that test. Nothing here changes data. With SCREENSHOTS=1 it saves
// docs/screenshots/score-estimate.png.

const CARD = 'Tu puntaje PAES estimado';
const number = (value: number) => new Intl.NumberFormat('es-CL').format(value);

async function estimate(page: Page, query = ''): Promise<ScoreEstimate> {
  const response = await page.request.get(`/api/score-estimate${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ScoreEstimate }).data;
}

test.beforeEach(async ({ page }) => {
  await logIn(page, 'estudiante@ensaya.cl', { settle: true });
});

test('the dashboard shows the estimate of each PAES test, labelled as indicative', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const data = await estimate(page);
  const ready = data.subjects.filter((subject) => subject.status === 'ready');
  expect(ready.length).toBeGreaterThan(0);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: CARD });
  await expect(card).toBeVisible();
  await expect(card.getByText('Estimación referencial', { exact: true })).toBeVisible();
  await expect(card.getByText(/con un 80 % de probabilidad tu puntaje actual/)).toBeVisible();
  for (const subject of ready) {
    const { low, mid, high } = subject.score!;
    await expect(
      card.getByRole('img', {
        name: `Puntaje estimado ${number(mid)}, rango de ${number(low)} a ${number(high)} en una escala de ${number(subject.min_score)} a ${number(subject.max_score)}`,
      }),
    ).toBeAttached();
    await expect(
      card.getByText(`Rango 80 %: ${number(low)} a ${number(high)}`).first(),
    ).toBeVisible();
    for (const gain of subject.theme_gains) {
      await expect(
        card.getByText(`${gain.name}, +${number(gain.points)} puntos`).first(),
      ).toBeVisible();
    }
  }
  const application = data.application!;
  await expect(card.getByText('Promedio Competencia Lectora + M1')).toBeVisible();
  if (application.status === 'ready') {
    await expect(card.getByText('Probabilidad de alcanzar 458')).toBeVisible();
    const { low, mid, high } = application.average!;
    await expect(card.getByText('Promedio estimado').locator('xpath=..')).toContainText(
      `${number(mid)} (${number(low)} – ${number(high)})`,
    );
  }

  if (process.env.SCREENSHOTS) {
    await page.waitForLoadState('networkidle');
    // The page from its top, clipped to the card: the sticky header stays above it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await card.boundingBox())!;
    await page.screenshot({
      path: 'docs/screenshots/score-estimate.png',
      fullPage: true,
      clip: box,
    });
  }
});

test('the statistics page of M1 shows that test and the application average', async ({ page }) => {
  const subjects = (await (await page.request.get('/api/subjects')).json()) as {
    data: { subjects: { id: number; name: string }[] }[];
  };
  const m1 = subjects.data
    .flatMap((standardTest) => standardTest.subjects)
    .find((subject) => subject.name === 'Competencia Matemática M1')!;
  const data = await estimate(page, `?subject_id=${m1.id}`);
  expect(data.subjects.map((subject) => subject.name)).toEqual(['Competencia Matemática M1']);

  await page.goto(`/estadistica?subject_id=${m1.id}`);
  const card = page.getByRole('region', { name: CARD });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Competencia Matemática M1' })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Competencia Lectora', exact: true })).toHaveCount(
    0,
  );
  await expect(card.getByText('Promedio Competencia Lectora + M1')).toBeVisible();
});

test('on a 390 px phone the estimate fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: CARD });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  // The card itself does not scroll sideways (the rest of the dashboard is not this spec's).
  expect(await card.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  if (process.env.SCREENSHOTS) {
    await card.screenshot({ path: 'test-results/score-estimate-390.png' });
  }
  const box = await card.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});
