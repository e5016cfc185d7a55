import { expect, test } from '@playwright/test';

test.describe('language', () => {
  test('the toggle switches the interface to English and survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

    await page.getByRole('button', { name: 'Cambiar idioma' }).click();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Change language' }).click();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  });

  test('/login/{lang}/{banner} stores both segments', async ({ page }) => {
    await page.goto('/login/en/true');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('banner')]),
    ).toEqual(['en', 'true']);
  });
});

test.describe('access', () => {
  test('a protected route sends a visitor to the login page', async ({ page }) => {
    for (const route of ['/dashboard', '/materias', '/cuenta/editar']) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    }
  });

  test('a demo student signs in, sees the dashboard, cannot go back to login, and signs out', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('  estudiante@ensaya.cl ');
    await page.getByLabel('Contraseña', { exact: true }).fill('Ensaya2026!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'ensaya_session')?.httpOnly).toBe(true);

    await page.getByRole('button', { name: 'Menú de usuario' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('wrong credentials show the server message and keep the visitor on the login page', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('estudiante@ensaya.cl');
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1!');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Estas credenciales no coinciden con nuestros registros.',
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('not found', () => {
  test('an unknown route shows the not-found page with a way to the dashboard', async ({
    page,
  }) => {
    const response = await page.goto('/esta/pagina/no/existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main .not-found__illustration')).toBeVisible();
    await expect(
      page
        .getByRole('link', { name: /dashboard|panel|inicio/i })
        .or(page.getByRole('button', { name: /dashboard|panel|inicio/i }))
        .first(),
    ).toBeVisible();
  });

  test('an unknown API path answers JSON 404', async ({ request }) => {
    const response = await request.get('/api/nada');
    expect(response.status()).toBe(404);
    expect(await response.json()).toHaveProperty('message');
  });
});

test.describe('cookie consent', () => {
  test('the bar can be declined, removes analytics cookies and stays away', async ({
    page,
    context,
    baseURL,
  }) => {
    const host = new URL(baseURL!).hostname;
    await context.addCookies([
      { name: '_ga', value: 'GA1.1.123', domain: host, path: '/' },
      { name: '_gid', value: 'GA1.1.456', domain: host, path: '/' },
    ]);
    await page.goto('/');
    const bar = page.getByRole('region', { name: 'Cookies' });
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Rechazar' }).click();
    await expect(bar).toHaveCount(0);

    const names = (await context.cookies()).map((c) => c.name);
    expect(names).toContain('cookie_consent');
    expect(names).not.toContain('_ga');
    expect(names).not.toContain('_gid');
    const consent = (await context.cookies()).find((c) => c.name === 'cookie_consent')!;
    const days = (consent.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(149);
    expect(days).toBeLessThan(151);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies' })).toHaveCount(0);
  });
});
