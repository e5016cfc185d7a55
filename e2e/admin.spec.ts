import { expect, test, type Page } from '@playwright/test';
import { logIn } from './support/session.ts';

// The admin creates a question with a formula, sees the preview, saves it
// and finds it in the list; a student cannot open /admin.

/** Picks an option of the Ant Design select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  const item = page.locator(`.ant-select-item-option[title="${option}"]`);
  // The form renders again when its lists arrive, which closes a dropdown opened before: open it
  // again until the option can be clicked.
  await expect(async () => {
    if (!(await item.isVisible())) await page.getByRole('combobox', { name: label }).click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('back office', () => {
  test('the admin writes a question with a formula, previews it, saves it and finds it', async ({
    page,
  }) => {
    // A login, the back office's chunk and a form with three lists: near 30 s on a busy machine,
    // and twice that on a slow CI host.
    test.setTimeout(120_000);
    const marker = `Prueba e2e ${Date.now()}`;
    // A table as the bank writes them (M1's speed and time table): its cells ruled and spaced.
    const statement =
      `<p>${marker}: ¿Cuánto es \\(\\frac{1}{2}+\\frac{1}{4}\\)?</p>` +
      '<table><thead><tr><th>Rapidez (km/h)</th><td>40</td><td>60</td><td>80</td><td>120</td>' +
      '</tr></thead><tbody><tr><th>Tiempo (h)</th><td>3</td><td>2</td><td>1,5</td><td>1</td>' +
      '</tr></tbody></table>';

    await logIn(page, 'admin@ensaya.cl', { landing: /\/admin\/questions$/ });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/questions$/);
    await expect(page.getByRole('heading', { name: 'Preguntas', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menú de administración' })).toBeVisible();

    await page.getByRole('link', { name: 'Nueva pregunta' }).click();
    await expect(page).toHaveURL(/\/admin\/questions\/new$/);
    await choose(page, 'Materia', 'Competencia Matemática M1');
    await choose(page, 'Tema', 'Números');
    await page.getByLabel('Enunciado').fill(statement);
    await page.getByLabel('Alternativa A').fill('\\(\\frac{2}{6}\\)');
    await page.getByLabel('Alternativa B').fill('\\(\\frac{3}{4}\\)');
    await page.getByLabel('Alternativa C').fill('\\(\\frac{1}{8}\\)');
    await page.getByLabel('Alternativa D').fill('\\(1\\)');
    await page.getByRole('radio', { name: 'Correcta B' }).check();
    await page
      .getByLabel('Solución')
      .fill('<p>\\(\\frac{1}{2}+\\frac{1}{4}=\\frac{2}{4}+\\frac{1}{4}=\\frac{3}{4}\\)</p>');

    // The server renders the TeX: KaTeX markup in the preview, not the source.
    const preview = page.getByTestId('question-preview');
    await expect(preview.locator('.katex').first()).toBeVisible();
    await expect(preview).toContainText(marker);
    await expect(preview.locator('.question-preview__choice .katex')).toHaveCount(4);
    // "40 60" read as one number before the table had any style: every cell padded and ruled.
    const cells = preview.locator('table th, table td');
    await expect(cells).toHaveCount(10);
    for (const cell of await cells.all()) {
      const style = await cell.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          padding: parseFloat(computed.paddingLeft) + parseFloat(computed.paddingRight),
          border: parseFloat(computed.borderLeftWidth),
        };
      });
      expect(style.padding).toBeGreaterThanOrEqual(12);
      expect(style.border).toBeGreaterThan(0);
    }
    // On a phone no number breaks inside ("4" above "0"), and the page never scrolls sideways.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    const layout = await preview.locator('table').evaluate((table) => ({
      brokenCells: [...table.querySelectorAll('th, td')].flatMap((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return /\s/.test(cell.textContent!.trim()) || lines.size === 1 ? [] : [cell.textContent];
      }),
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(layout).toEqual({ brokenCells: [], pageOverflow: 0 });
    await page.setViewportSize(viewport);

    await page.getByRole('button', { name: 'Guardar pregunta' }).click();
    await expect(page).toHaveURL(/\/admin\/questions$/);
    await expect(page.getByText('Pregunta guardada.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(marker);
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: marker });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Números');

    // Its page, the debug link target, shows what was saved.
    await row.getByRole('link', { name: new RegExp(marker) }).click();
    await expect(page).toHaveURL(/\/admin\/questions\/\d+$/);
    await expect(page.getByLabel('Enunciado')).toHaveValue(statement);
    await expect(page.getByRole('radio', { name: 'Correcta B' })).toBeChecked();
  });

  test('a student who opens /admin sees the not-allowed page and no admin call is made', async ({
    page,
  }) => {
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await logIn(page, 'estudiante@ensaya.cl');
    await page.goto('/admin/questions');
    await expect(page.getByRole('heading', { name: 'Acceso no permitido' })).toBeVisible();
    await expect(
      page.getByText('Esta sección es solo para administradores.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(adminCalls).toEqual([]);

    const response = await page.request.get('/api/admin/questions');
    expect(response.status()).toBe(403);
  });
});
