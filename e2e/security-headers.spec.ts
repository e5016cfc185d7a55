import { expect, test as base, type Page } from '@playwright/test';
import { somePlaces } from './support/places.ts';
import { csrfHeaders, registerVerifiedStudent, STUDENT_PASSWORD } from './support/students.ts';
import { logIn } from './support/session.ts';

/** Any landing but the login page itself. */
const NOT_LOGIN = /^(?!.*\/login$)/;

// The served HTML carries a strict Content-Security-Policy, and walking every
// route of the web app (as a visitor, a student and an admin), the test pages of each mode, and the
// pages the server renders (sandbox card page, dev mailbox, API docs) breaks none of it: no
// violation reported, and every page still renders its heading.
// The student walk uses debug@ensaya.cl in Competencia Matemática M1 (math, so KaTeX and its
// fonts): the other suites leave that account's M1 alone.

const SUBJECT = 'Competencia Matemática M1';

type Watch = { violations: string[]; errors: string[] };

/** Every test collects CSP violations and page errors, and fails at its end if there was one. */
const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page }, use) => {
      const watch: Watch = { violations: [], errors: [] };
      page.on('console', (message) => {
        const text = message.text();
        if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(text))
          watch.violations.push(`${page.url()}: ${text}`);
      });
      page.on('pageerror', (error) => watch.errors.push(`${page.url()}: ${error.message}`));
      await page.exposeFunction('reportCspViolation', (text: string) =>
        watch.violations.push(text),
      );
      // Added by the browser's DevTools protocol, so the policy under test does not apply to it.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation(text: string): void })
            .reportCspViolation;
          report(
            `${location.pathname}${location.search}: ${event.effectiveDirective} blocked ` +
              `${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use(watch);
      expect(watch.violations, 'Content-Security-Policy violations').toEqual([]);
      expect(watch.errors, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens `url` and waits for the page's own heading (a crash or load error fails). */
async function visit(page: Page, url: string, heading?: string | RegExp) {
  await page.goto(url);
  await expectRendered(page, heading);
}

async function expectRendered(page: Page, heading?: string | RegExp) {
  const title = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(title.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /Algo salió mal|No pudimos cargar/ })).toHaveCount(
    0,
  );
  // Late chunks, fonts and images of the page load before the next one.
  await page.waitForLoadState('networkidle');
}

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function apiPost<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const response = await page.request.post(path, {
    headers: await csrfHeaders(page.request, page),
    data,
  });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('the served HTML carries the policy, and every public page renders under it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const response = await page.goto('/');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(response!.headers()['permissions-policy']).toContain('camera=()');
  await expectRendered(page);

  for (const url of [
    '/login',
    '/login/en/true',
    '/paquetes',
    '/registro/1/es',
    '/verify-email',
    '/resetpassword?token=abc&email=ana%40example.cl',
    '/olvido',
    '/confirmacion',
    '/subscripcion/exitosa',
    '/preguntas-frecuentes',
    '/soporte',
    '/una-ruta-que-no-existe',
    // A protected page sends the visitor to the login page.
    '/dashboard',
  ]) {
    await visit(page, url);
  }
});

test('a student walks every page, the test pages of each mode included', async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, 'debug@ensaya.cl', { landing: NOT_LOGIN });
  await expectRendered(page);

  const { data: standardTests } = await apiJson<{
    data: { subjects: { id: number; name: string }[] }[];
  }>(page, '/api/subjects');
  const subjectId = standardTests
    .flatMap((standardTest) => standardTest.subjects)
    .find((subject) => subject.name === SUBJECT)!.id;

  for (const url of [
    '/dashboard',
    '/materias',
    '/cuenta/editar',
    '/subscripcion/paquete',
    '/agregar/subscripcion',
    '/factura/detalles',
    '/cancelar/subscripcion',
  ]) {
    await visit(page, url);
  }

  // The subject's pages, opened as the subject list does (it keeps the chosen subject).
  await visit(page, '/materias');
  await page
    .getByRole('article', { name: SUBJECT, exact: true })
    .getByRole('button', { name: 'Rendir pruebas' })
    .click();
  await expect(page).toHaveURL(/\/temas$/);
  await expectRendered(page);
  for (const url of [
    `/historico?subject_id=${subjectId}`,
    `/historico/ensayo?subject_id=${subjectId}`,
    '/ensayo',
    // ECharts.
    `/estadistica?subject_id=${subjectId}`,
  ]) {
    await visit(page, url);
  }

  // A test page of each mode, each started as the setup page starts it, then sent.
  const start = async (body: Record<string, unknown>) =>
    (
      await apiPost<{ data: { id: number } }>(page, '/api/user-tests', {
        subject_id: subjectId,
        random_question: false,
        random_answer: false,
        replace_in_progress: true,
        ...body,
      })
    ).data.id;
  const takeAndSend = async (route: string, id: number) => {
    await page.goto(`${route}?id=${id}`);
    const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
    await instructions.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: /^Pregunta 1 de \d+$/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await apiPost(page, `/api/user-tests/${id}/submit`);
  };

  const practice = await start({
    mode: 'practice',
    selection: { value: 2, limit: 3 },
    study_mode: true,
  });
  await takeAndSend('/test', practice);
  await visit(page, `/resultado?id=${practice}`);
  await visit(page, `/temashistorial?id=${practice}`);

  await takeAndSend('/test/ensayo', await start({ mode: 'mock_exam' }));
  await takeAndSend(
    '/test/historial',
    await start({ mode: 'historical', source_user_test_id: practice }),
  );
  await takeAndSend('/revision', await start({ mode: 'wrong_answers', wrong_source: 'general' }));

  // A formula on screen (in the explanation), drawn with KaTeX's own fonts.
  await page.goto(`/revisar?id=${practice}`);
  await expectRendered(page);
  await page.getByRole('button', { name: 'Ver explicación' }).click();
  await expect(page.locator('.katex').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
});

test('an admin walks every back-office page', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, 'admin@ensaya.cl', { landing: NOT_LOGIN });
  const { data: questions } = await apiJson<{ data: { id: number }[] }>(
    page,
    '/api/admin/questions?per_page=1',
  );
  for (const url of [
    '/admin/questions',
    '/admin/questions/new',
    `/admin/questions/${questions[0]!.id}`,
    '/admin/contexts',
    '/admin/subjects',
    '/admin/themes',
    '/admin/periods',
    '/admin/grades',
    '/admin/packages',
    '/admin/promo-codes',
    '/admin/standard-tests',
    '/admin/feedback-form',
    '/admin/import-export',
  ]) {
    await visit(page, url);
  }
  // The question editor's preview is server-rendered KaTeX.
  await page.goto(`/admin/questions/${questions[0]!.id}`);
  await expectRendered(page);
});

test('the pages the server renders: the sandbox card page, the dev mailbox and the API docs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A new student with a subscription to pay: the payment link opens the sandbox's card page.
  const email = await registerVerifiedStudent(page, 'csp');
  await logIn(page, email, { password: STUDENT_PASSWORD, landing: NOT_LOGIN });
  const places = (await somePlaces(page.request)).metropolitana;
  await apiPost(page, '/api/addresses', {
    address_line_1: 'Av. Libertador 1234',
    town_id: places.communes[0]!.id,
    zip_code: '8320000',
  });
  const { data: packages } = await apiJson<{ data: { id: number; name: string }[] }>(
    page,
    '/api/packages',
  );
  const pack = packages.find((candidate) => candidate.name === 'Licencia Clase B')!;
  const { data: subjects } = await apiJson<{ data: { id: number }[] }>(
    page,
    `/api/packages/${pack.id}/subjects`,
  );
  const subscription = await apiPost<{ data: { id: number } }>(page, '/api/user-subscriptions', {
    package_id: pack.id,
    subject_ids: [subjects[0]!.id],
  });
  const link = await apiPost<{ data: [number, string] }>(page, '/api/user-subscriptions-increase', {
    id: subscription.data.id,
  });

  const cardPage = await page.goto(link.data[1]);
  expect(cardPage!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Pasarela de pago de prueba' })).toBeVisible();
  // The form posts to the app, which redirects to the public address: form-action allows both.
  await page.getByRole('button', { name: 'Registrar tarjeta' }).click();
  await expect(page).toHaveURL(/\/confirmacion\?/);
  await expectRendered(page);

  const mailbox = await page.goto('/dev/mail');
  expect(mailbox!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await page.locator('tbody a').first().click();
  await expect(page.getByRole('heading', { name: 'HTML' })).toBeVisible();

  const docs = await page.goto('/api/docs');
  expect(docs!.headers()['content-security-policy']).toContain("script-src 'self'");
  // Swagger UI parses the whole document in the page: seconds on a busy machine.
  await expect(page.getByText('Ensaya API').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
});
