import { expect, test, type Page } from '@playwright/test';
import { approveCard } from './support/cards.ts';
import { drawCharts } from './support/charts.ts';
import { choose, somePlaces } from './support/places.ts';
import { fillRegistrationForm, registrationTexts } from './support/registration.ts';
import {
  csrfHeaders,
  registerVerifiedStudent,
  STUDENT_PASSWORD,
  uniqueEmail,
} from './support/students.ts';
import { logIn } from './support/session.ts';
import { settledDialog } from './support/dialogs.ts';

// Every page a student sees, at 360, 390, 840 and 1280 px, without
// horizontal scrolling of the page or of any table, with its content as wide as the header's and
// centred under it, and with no chart label cut to a stub. The demo student's pages are only read;
// tests are started by a student made here, so the other suites' attempts stay as they are.

const WIDTHS = [360, 390, 840, 1280] as const;
const DEMO_PASSWORD = 'Ensaya2026!';
/** Chart texts shorter than 4 characters that are still names a student reads (subject codes). */
const ACRONYMS = new Set(['M1', 'M2', 'CL']);

/** What is wrong with the page at the current width (evaluated in the browser). */
function findProblems(acronyms: string[]): string[] {
  const problems: string[] = [];
  const describe = (element: Element) => {
    const classes = typeof element.className === 'string' ? element.className.trim() : '';
    const name = classes ? `.${classes.split(/\s+/).slice(0, 2).join('.')}` : '';
    return `${element.tagName.toLowerCase()}${name}`;
  };
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollWidth > window.innerWidth) {
    // Name the widest culprits: elements reaching past the right edge whose parent does not.
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const right = element.getBoundingClientRect().right;
        const parent = element.parentElement?.getBoundingClientRect().right ?? 0;
        return right > window.innerWidth + 0.5 && parent <= window.innerWidth + 0.5;
      })
      .slice(0, 3)
      .map(describe);
    problems.push(
      `page scrolls sideways: ${page.scrollWidth} > ${window.innerWidth} (${culprits.join(', ')})`,
    );
  }
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (element.closest('[data-scroll-x]')) continue; // a row meant to scroll (none so far)
    const style = getComputedStyle(element);
    const isScroller = style.overflowX === 'auto' || style.overflowX === 'scroll';
    const isTable = element.tagName === 'TABLE' || element.classList.contains('ant-table');
    if (!isScroller && !isTable) continue;
    if (element.getClientRects().length === 0) continue; // not shown
    if (element.scrollWidth > element.clientWidth + 1) {
      problems.push(
        `${describe(element)} scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`,
      );
    } else if (isTable && element.getBoundingClientRect().right > window.innerWidth + 0.5) {
      problems.push(`${describe(element)} reaches past the screen's edge`);
    }
  }
  // Chart texts (ECharts draws SVG): every axis and legend label a name a student can read.
  for (const text of document.querySelectorAll('[data-chart] svg text')) {
    const value = (text.textContent ?? '').trim();
    if (!value || /^[-\d.,\s%]+$/.test(value)) continue; // axis numbers
    const isStub = value.length < 4 && !acronyms.includes(value);
    if (isStub || value.includes('…') || value.endsWith('..')) {
      problems.push(`chart label "${value}" is cut or too short`);
    }
  }
  return problems;
}

/** The content's edges against the header's, at a desktop width. */
function measureAlignment() {
  const header = document.querySelector('.app-header__inner, .public-header__inner');
  const main = document.querySelector('#main');
  const content = main?.firstElementChild;
  if (!header || !main || !content) return null;
  const box = (element: Element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return {
      left: rect.left + parseFloat(style.paddingLeft),
      right: rect.right - parseFloat(style.paddingRight),
    };
  };
  const rect = content.getBoundingClientRect();
  return { header: box(header), main: box(main), content: { left: rect.left, right: rect.right } };
}

async function settle(page: Page) {
  // Charts follow their container's size (a ResizeObserver, then a redraw) within the next
  // frames: four frames, counted rather than timed.
  await page.evaluate(async () => {
    for (let frame = 0; frame < 4; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

/**
 * Checks the page at every width and collects what is wrong; `isFullWidth`: the page's content
 * spans the header's width (false for the narrow forms, which are centred instead).
 */
async function checkLayout(page: Page, name: string, { isFullWidth = true } = {}) {
  await page.waitForLoadState('networkidle');
  // Every chart drawn, so that its labels are checked too (they draw when scrolled to).
  await drawCharts(page, { isRequired: false });
  const problems: Array<{ width: number; problem: string }> = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await settle(page);
    for (const problem of await page.evaluate(findProblems, [...ACRONYMS]))
      problems.push({ width, problem });
    if (width === 1280) {
      const edges = await page.evaluate(measureAlignment);
      if (edges) {
        const near = (a: number, b: number) => Math.abs(a - b) <= 1.5;
        if (
          !near(edges.main.left, edges.header.left) ||
          !near(edges.main.right, edges.header.right)
        )
          problems.push({
            width,
            problem: `main ${JSON.stringify(edges)} is not under the header`,
          });
        const centre = (edge: { left: number; right: number }) => (edge.left + edge.right) / 2;
        if (!near(centre(edges.content), centre(edges.header)))
          problems.push({ width, problem: `content is not centred: ${JSON.stringify(edges)}` });
        if (
          isFullWidth &&
          (!near(edges.content.left, edges.header.left) ||
            !near(edges.content.right, edges.header.right))
        )
          problems.push({
            width,
            problem: `content narrower than the header: ${JSON.stringify(edges)}`,
          });
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // One line per problem, with the widths that have it.
  const byProblem: Record<string, string> = {};
  for (const { width, problem } of problems) {
    byProblem[problem] = byProblem[problem] ? `${byProblem[problem]}, ${width}` : `${width}`;
  }
  expect.soft(byProblem, `layout of ${name}`).toEqual({});
}

/** From the subject list, one of a subject's buttons ("Ver historial", "Rendir pruebas", ...). */
async function openFromSubjects(page: Page, subject: string | RegExp, button: string) {
  await page.goto('/materias');
  await page.getByRole('article', { name: subject }).getByRole('button', { name: button }).click();
}

test.describe('layout @phone', () => {
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
});

test.describe('layout of every page at 360, 390, 840 and 1280 px', () => {
  test('the public pages and the registration steps', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await checkLayout(page, 'login', { isFullWidth: false });

    await page.goto('/login/en/true');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await checkLayout(page, 'login in English', { isFullWidth: false });
    await page.goto('/login/es/true');
    // The address sets the language once the page has run: wait for it before moving on.
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

    const publicPages: Array<[path: string, heading: RegExp, isFullWidth: boolean]> = [
      ['/olvido', /contraseña/i, false],
      ['/resetpassword?token=abc&email=ana%40example.cl', /contraseña/i, false],
      ['/verify-email', /correo|enlace/i, false],
      ['/preguntas-frecuentes', /Preguntas frecuentes/, true],
      ['/soporte', /Soporte/, true],
      ['/no-existe', /no existe|encontr/i, false],
      ['/paquetes', /Paquetes y precios/, true],
    ];
    for (const [path, heading, isFullWidth] of publicPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await checkLayout(page, path, { isFullWidth });
    }

    // /paquetes -> the registration with a package: the form, then the e-mail step.
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /Suscribirme/ })
      .click();
    await expect(page).toHaveURL(/\/registro\/\d+\/es/);
    await expect(page.getByRole('navigation', { name: /Pasos/i })).toBeVisible();
    await checkLayout(page, 'registration form', { isFullWidth: false });
    await fillRegistrationForm(page, registrationTexts.es, uniqueEmail('e2e-layout-reg'));
    await checkLayout(page, 'registration e-mail step', { isFullWidth: false });
  });

  // In four tests of a few pages each, side by side: one test of some 20 pages left a slow host no
  // margin under its time limit.
  test.describe("the demo student's pages", () => {
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      await logIn(page, 'estudiante@ensaya.cl', {
        password: DEMO_PASSWORD,
        landing: /\/dashboard$/,
      });
    });
    test('dashboard, subjects and statistics', async ({ page }) => {
      await drawCharts(page);
      await checkLayout(page, 'dashboard');

      await page.goto('/materias');
      await expect(page.getByRole('article').first()).toBeVisible();
      await checkLayout(page, 'subjects');

      // Statistics of a PAES subject with long theme names, and of class B.
      for (const subject of ['Competencia Matemática M1', /^Historia/, /clase B/]) {
        await openFromSubjects(page, subject, 'Ver estadísticas');
        await expect(page).toHaveURL(/\/estadistica/);
        await drawCharts(page);
        await checkLayout(page, `statistics of ${String(subject)}`);
      }
    });

    test('history, review and test setup', async ({ page }) => {
      await openFromSubjects(page, 'Competencia Matemática M1', 'Ver historial');
      await expect(page).toHaveURL(/\/historico/);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await checkLayout(page, 'history');

      await page.goto('/historico/ensayo');
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'mock exam history');

      await page.goto('/ensayo');
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'official tests');

      await openFromSubjects(page, 'Competencia Matemática M1', 'Ver historial');
      await page.locator('tbody tr.ant-table-row').first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Revisar' }).click();
      await expect(page).toHaveURL(/\/revisar\?id=\d+$/);
      await expect(page.getByRole('heading', { name: /Pregunta 1 de/ })).toBeVisible();
      await checkLayout(page, 'review of an attempt');

      await openFromSubjects(page, 'Competencia Matemática M1', 'Rendir pruebas');
      await expect(page).toHaveURL(/\/temas$/);
      await checkLayout(page, 'test setup (themes)');

      await page.goto('/temashistorial');
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'historical test setup');
    });

    test('account, invoices, subscription pages and support', async ({ page }) => {
      await page.goto('/cuenta/editar');
      await expect(page.getByRole('region', { name: 'Mis suscripciones' })).toBeVisible();
      await checkLayout(page, 'account');

      const subscriptions = (await (await page.request.get('/api/user-subscriptions')).json()) as {
        data: Array<{ id: number }>;
      };
      await page.goto(`/factura/detalles?subscription=${subscriptions.data[0]!.id}`);
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'invoice details', { isFullWidth: false });

      await page.goto('/agregar/subscripcion');
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'add a subscription', { isFullWidth: false });

      await page.goto('/cancelar/subscripcion');
      await page.waitForLoadState('networkidle');
      await checkLayout(page, 'cancel wizard');

      await page.goto('/soporte');
      await checkLayout(page, 'support, logged in');
    });

    test('dashboard and statistics in English', async ({ page }) => {
      // The statistics page shows the last subject chosen on /materias.
      await openFromSubjects(page, 'Competencia Matemática M1', 'Ver estadísticas');
      await expect(page).toHaveURL(/\/estadistica/);
      // The same charts in English, whose words are longer.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Cambiar idioma' }).click();
      await expect(page.getByRole('heading', { name: 'Average per subject' })).toBeVisible();
      await drawCharts(page);
      await checkLayout(page, 'dashboard in English');
      // The statistics of the last subject chosen on /materias (M1).
      await page.goto('/estadistica');
      await expect(
        page.getByRole('heading', { name: 'Answers by theme', exact: true }),
      ).toBeVisible();
      await drawCharts(page);
      await checkLayout(page, 'statistics in English');
    });
  });

  test("a new student's subscription wizard, test setup, running test and result", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const email = await registerVerifiedStudent(page, 'e2e-layout');
    await logIn(page, email, { password: STUDENT_PASSWORD, landing: /\/subscripcion\/paquete$/ });
    await checkLayout(page, 'choose a package', { isFullWidth: false });

    await page.getByLabel('Licencia Clase B', { exact: true }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText(/incluye todas las materias/)).toBeVisible();
    await checkLayout(page, 'wizard: subjects', { isFullWidth: false });
    await page.getByRole('button', { name: 'Siguiente' }).click();

    const places = (await somePlaces(page.request)).metropolitana;
    const form = page.locator('form', { has: page.getByText('Tu dirección') });
    await expect(form).toBeVisible();
    await checkLayout(page, 'wizard: address', { isFullWidth: false });
    await form.getByLabel('Calle y número', { exact: true }).fill('Av. Libertador 1234');
    await choose(form, 'Región', places.region.name);
    await choose(form, 'Provincia', places.province.name);
    await choose(form, 'Comuna', places.communes[0]!.name);
    await form.getByLabel('Código postal', { exact: true }).fill('8320000');
    await form.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByRole('button', { name: 'Suscribirme', exact: true })).toBeVisible();
    await checkLayout(page, 'wizard: summary', { isFullWidth: false });

    await page.getByRole('button', { name: 'Suscribirme', exact: true }).click();
    await (
      await settledDialog(page, 'Confirma tu suscripción')
    )
      .getByRole('button', { name: 'Ir a la plataforma de pago' })
      .click();
    await expect(page.getByRole('heading', { name: 'Pasarela de pago de prueba' })).toBeVisible();
    await page.getByLabel('Número de tarjeta').fill(approveCard());
    await page.getByRole('button', { name: 'Registrar tarjeta' }).click();
    await expect(page).toHaveURL(/\/confirmacion/);
    await expect(
      page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' }),
    ).toBeVisible();
    await checkLayout(page, 'trial confirmation', { isFullWidth: false });

    await page.goto('/dashboard');
    await checkLayout(page, 'dashboard of a new student, with the trial banner');

    await openFromSubjects(page, /clase B/, 'Rendir pruebas');
    await expect(page).toHaveURL(/\/temas$/);
    await expect(page.getByRole('heading', { name: 'Configurar prueba' })).toBeVisible();
    await checkLayout(page, 'test setup (themes) of class B');

    // The spec's four ways and switches, under "Personalizar" (closed at first).
    await page.getByText('Personalizar', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Comenzar', exact: true })).toBeVisible();
    await checkLayout(page, 'test setup: Personalizar open');
    await page.getByRole('button', { name: 'Comenzar', exact: true }).click();
    await expect(page).toHaveURL(/\/test\?id=\d+$/);
    const instructions = page.getByRole('dialog', { name: 'Instrucciones' });
    await checkLayout(page, 'running test: instructions', { isFullWidth: false });
    await instructions.getByRole('button', { name: 'Continuar' }).click();
    await expect(instructions).toBeHidden();
    await page.locator('.question__choices').getByRole('radio', { name: /^A\)/ }).check();
    await checkLayout(page, 'running test', { isFullWidth: false });

    // Sent as the browser's "Enviar" does; the runner's own suite covers its dialogs.
    const attemptId = new URL(page.url()).searchParams.get('id');
    const sent = await page.request.post(`/api/user-tests/${attemptId}/submit`, {
      headers: await csrfHeaders(page.request, page),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await page.goto(`/resultado?id=${attemptId}`);
    await drawCharts(page);
    await checkLayout(page, 'result');

    await openFromSubjects(page, /clase B/, 'Ver estadísticas');
    await drawCharts(page);
    await checkLayout(page, 'statistics after one test');

    // The timed mock exam: its setup tab and the exam with the timer (then sent).
    await openFromSubjects(page, /clase B/, 'Rendir pruebas');
    await page.getByRole('tab', { name: 'Rendir ensayo' }).click();
    await expect(page.getByRole('button', { name: 'Comenzar ensayo' })).toBeVisible();
    await checkLayout(page, 'mock exam setup');
    await page.getByRole('button', { name: 'Comenzar ensayo' }).click();
    await expect(page).toHaveURL(/\/test\/ensayo\?id=\d+$/);
    await instructions.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await checkLayout(page, 'running mock exam', { isFullWidth: false });
    const examId = new URL(page.url()).searchParams.get('id');
    const examSent = await page.request.post(`/api/user-tests/${examId}/submit`, {
      headers: await csrfHeaders(page.request, page),
    });
    expect(examSent.ok(), await examSent.text()).toBe(true);

    await page.goto('/subscripcion/exitosa');
    await page.waitForLoadState('networkidle');
    await checkLayout(page, 'subscription success', { isFullWidth: false });

    await page.goto('/revision?source=own');
    await page.waitForLoadState('networkidle');
    await checkLayout(page, 'wrong answers test', { isFullWidth: false });
  });
});
