import { expect, test, type Locator, type Page } from '@playwright/test';
import { approveCard } from './support/cards.ts';
import { advanceClock, resetClock, runDueJobs } from './support/dev-clock.ts';
import { choose, somePlaces } from './support/places.ts';
import { csrfHeaders, registerVerifiedStudent, STUDENT_PASSWORD } from './support/students.ts';
import { logIn } from './support/session.ts';
import { settledDialog } from './support/dialogs.ts';

// A trial opens the subscribed subjects until it ends and
// can be canceled without a charge; "See packages" for a student with nothing to use; a price block
// that adds up; a coupon for the first payment only, said before paying; Rut and phone written one
// way everywhere; the account's subscriptions table without sideways scroll.

// One after another: the server's clock is one for everybody; moves stay under the demo accounts'
// remaining days and are put back at once.
test.describe.configure({ mode: 'default' });

const DEMO_PASSWORD = 'Ensaya2026!';
const shotsDir = process.env.SHOTS_DIR;

/** With SHOTS_DIR set, saves the page (for looking at it, not for the docs). */
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

/** The price block's value for a label. */
function price(page: Page, label: string | RegExp): Locator {
  return page
    .locator('.price-block dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');
}

/** '$5.391' or '−$599' -> 5391 or -599. */
async function pesos(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const value = Number(text.replace(/[^\d]/g, ''));
  return /^[−-]/.test(text.trim()) ? -value : value;
}

/** Package, subjects and address of the registration wizard, up to the summary. */
async function wizardToSummary(page: Page, packageName: string, subjects: number) {
  await page.getByLabel(packageName, { exact: true }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  if (subjects > 0) {
    const boxes = page.getByRole('checkbox');
    for (let i = 0; i < subjects; i++) await boxes.nth(i).check();
  }
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const places = (await somePlaces(page.request)).metropolitana;
  const form = page.locator('form', { has: page.getByText('Tu dirección') });
  await form.getByLabel('Calle y número', { exact: true }).fill('Av. Libertador 1234');
  await choose(form, 'Región', places.region.name);
  await choose(form, 'Provincia', places.province.name);
  await choose(form, 'Comuna', places.communes[0]!.name);
  await form.getByLabel('Código postal', { exact: true }).fill('8320000');
  await form.getByRole('button', { name: 'Siguiente' }).click();
}

async function enterCard(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: 'Pasarela de pago de prueba' })).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByRole('button', { name: 'Registrar tarjeta' }).click();
}

/** The subject card of a subject on /materias. */
function subjectCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

async function mySubscriptions(page: Page) {
  const response = await page.request.get('/api/user-subscriptions');
  expect(response.ok()).toBe(true);
  return (await response.json()).data as Array<{
    id: number;
    status: string;
    has_access: boolean;
    auto_renew: boolean;
  }>;
}

/** Moves the server's clock past the trial, runs the due jobs, and puts the clock back. */
async function pastTheTrial(page: Page) {
  try {
    await advanceClock(page, 7, 60);
    await runDueJobs(page);
  } finally {
    await resetClock(page);
  }
}

test.afterEach(async ({ page }) => {
  await resetClock(page);
});

test('a trial opens the subscribed subject for tests; canceled, it ends uncharged and offers the packages', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = await registerVerifiedStudent(page, 'e2e-trial');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  await wizardToSummary(page, 'Licencia Clase B', 0);

  // The confirmation says what a trial is: access, the first charge at its end, free to cancel.
  await page.getByRole('button', { name: 'Suscribirme', exact: true }).click();
  const confirm = await settledDialog(page, 'Confirma tu suscripción');
  await expect(confirm).toContainText('Los primeros 3 días son de prueba gratis, con acceso');
  await expect(confirm).toContainText('Si cancelas antes, no se te cobra nada.');
  await confirm.getByRole('button', { name: 'Ir a la plataforma de pago' }).click();
  await enterCard(page, approveCard());
  await expect(page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' })).toBeVisible();
  await expect(
    page.getByText(/Hasta entonces tienes acceso completo a tus materias/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // During the trial the subject card offers tests, and a mock exam starts.
  await page.goto('/materias');
  const classB = subjectCard(page, 'Examen teórico clase B');
  await expect(classB.getByRole('button', { name: 'Rendir pruebas' })).toBeVisible();
  await expect(classB.getByText('Ver paquetes')).toHaveCount(0);
  await shot(page, 'trial-subjects-1280-es');
  await classB.getByRole('button', { name: 'Rendir pruebas' }).click();
  await expect(page).toHaveURL(/\/temas/);
  await expect(page.getByText('Suscríbete para rendir pruebas')).toHaveCount(0);
  const subjects = (await (await page.request.get('/api/subjects')).json()).data as Array<{
    subjects: Array<{ id: number; name: string; has_access: boolean }>;
  }>;
  const classBSubject = subjects
    .flatMap((group) => group.subjects)
    .find((subject) => subject.name === 'Examen teórico clase B')!;
  expect(classBSubject.has_access).toBe(true);
  const exam = await page.request.post('/api/user-tests', {
    headers: await csrfHeaders(page.request, page),
    data: { subject_id: classBSubject.id, mode: 'mock_exam', random_question: true },
  });
  expect(exam.status(), await exam.text()).toBe(201);

  // Cancel the trial from the account: no charge, access until the trial ends.
  await page.goto('/cuenta/editar');
  const toggle = page.getByRole('switch', {
    name: 'Cobro al terminar la prueba de Licencia Clase B',
  });
  await expect(toggle).toBeChecked();
  await toggle.click();
  const dialog = page.getByRole('dialog', { name: '¿Cancelar tu período de prueba?' });
  await expect(dialog).toContainText('No se hará ningún cobro a tu tarjeta por Licencia Clase B.');
  await dialog.getByRole('button', { name: 'Cancelar la prueba' }).click();
  await expect(page.getByText(/^Cancelaste tu prueba: no se hará ningún cobro/)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  expect((await mySubscriptions(page))[0]).toMatchObject({
    status: 'Trial',
    auto_renew: false,
    has_access: true,
  });

  // The trial ends: canceled, never charged, no access; the packages are offered instead.
  await pastTheTrial(page);
  expect((await mySubscriptions(page))[0]).toMatchObject({ status: 'Canceled', has_access: false });
  await page.goto('/cuenta/editar');
  const invoices = page.getByRole('region', { name: 'Mis boletas' });
  await expect(invoices.getByText('Aún no tienes boletas.')).toBeVisible();
  const card = page.getByRole('region', { name: 'Mis suscripciones' });
  await expect(card.getByText(/Tus suscripciones terminaron/)).toBeVisible();
  await page.goto('/materias');
  const packagesLink = subjectCard(page, 'Examen teórico clase B').getByRole('link', {
    name: 'Ver paquetes',
  });
  await expect(packagesLink).toBeVisible();
  await packagesLink.click();
  await expect(page.getByRole('heading', { name: 'Paquetes y precios' })).toBeVisible();
});

for (const lang of ['es', 'en'] as const) {
  const texts = {
    es: {
      account: 'Mis suscripciones',
      none: /Aún no tienes suscripciones\. Elige un paquete/,
      see: 'Ver paquetes',
      packages: 'Paquetes y precios',
    },
    en: {
      account: 'My subscriptions',
      none: /You have no subscriptions yet\. Choose a package/,
      see: 'See packages',
      packages: 'Packages and prices',
    },
  }[lang];

  test(`a student without a subscription sees the packages from the account and the subjects (${lang})`, async ({
    page,
  }) => {
    await logIn(page, 'sinplan@ensaya.cl', {
      password: DEMO_PASSWORD,
      landing: /\/subscripcion\/paquete$/,
      lang: lang,
    });
    await page.goto('/cuenta/editar');
    const card = page.getByRole('region', { name: texts.account });
    await expect(card.getByText(texts.none)).toBeVisible();
    await shot(page, `no-plan-account-1280-${lang}`);
    await card.getByRole('link', { name: texts.see }).click();
    await expect(page).toHaveURL(/\/paquetes$/);
    await expect(page.getByRole('heading', { name: texts.packages })).toBeVisible();

    await page.goto('/materias');
    const links = page.getByRole('link', { name: texts.see });
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(1);
    await expect(links.first()).toHaveAttribute('href', '/paquetes');
  });
}

test('the price block adds up, the coupon is for the first payment only, and Rut and phone read one way', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = await registerVerifiedStudent(page, 'e2e-money');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  const me = (await (await page.request.get('/api/me')).json()).data as { tax_id: string };
  await wizardToSummary(page, 'PAES Dúo', 2);

  // Rut dotted and the mobile as +56 9, however they were stored.
  const dotted = me.tax_id
    .replace(/[.-]/g, '')
    .replace(
      /^(\d+)(\w)$/,
      (_, body: string, dv) => `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`,
    );
  const user = page.getByRole('region', { name: 'Tus datos' });
  await expect(user.getByText(dotted, { exact: true })).toBeVisible();
  await expect(user.getByText('+56 9 8765 4321', { exact: true })).toBeVisible();

  // The coupon: price − discount = total, and the total's net + VAT = total.
  await page.getByLabel('Cupón de descuento').fill('BIENVENIDA10');
  await page.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Cupón BIENVENIDA10 aplicado a tu primer pago.')).toBeVisible();
  await expect(price(page, 'Precio del plan (IVA incluido)')).toHaveText('$5.990');
  await expect(price(page, 'Descuento del cupón BIENVENIDA10')).toHaveText('−$599');
  await expect(price(page, 'Total de tu primer pago')).toHaveText('$5.391');
  await expect(price(page, 'Neto')).toHaveText('$4.530');
  await expect(price(page, 'IVA (19 %)')).toHaveText('$861');
  const [plan, discount, total, net, vat] = await Promise.all(
    [/^Precio del plan/, /^Descuento/, /^Total/, /^Neto$/, /^IVA \(/].map((label) =>
      pesos(price(page, label)),
    ),
  );
  expect(plan! + discount!).toBe(total);
  expect(net! + vat!).toBe(total);
  await expect(
    page.getByText(
      'El cupón se aplica solo a tu primer pago. Cada renovación cuesta $5.990 (IVA incluido) por 30 días.',
    ),
  ).toBeVisible();
  await shot(page, 'summary-coupon-1280-es');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'summary-coupon-390-es');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The same in English.
  await page.getByRole('button', { name: 'Cambiar idioma' }).click();
  await expect(price(page, 'Plan price (VAT included)')).toHaveText('$5.990');
  await expect(price(page, 'Coupon BIENVENIDA10 discount')).toHaveText('−$599');
  await expect(price(page, 'Your first payment')).toHaveText('$5.391');
  await expect(price(page, /^Net$/)).toHaveText('$4.530');
  await expect(price(page, 'VAT (19%)')).toHaveText('$861');
  await expect(
    page.getByText(
      'The coupon applies to your first payment only. Each renewal costs $5.990 (VAT included) for 30 days.',
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const confirmEn = page.getByRole('dialog', { name: 'Confirm your subscription' });
  await expect(confirmEn).toContainText(
    'Your first payment is $5.391 (with coupon BIENVENIDA10); from the first renewal on you pay $5.990 every 30 days.',
  );
  await shot(page, 'confirm-coupon-1280-en');
  await confirmEn.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'summary-coupon-390-en');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Change language' }).click();

  // The confirmation says both amounts, never "$5.391 every 30 days".
  await page.getByRole('button', { name: 'Suscribirme', exact: true }).click();
  const confirm = await settledDialog(page, 'Confirma tu suscripción');
  await expect(confirm).toContainText(
    'Tu primer pago será de $5.391 (con el cupón BIENVENIDA10); desde la primera renovación pagarás $5.990 cada 30 días.',
  );
  await expect(confirm).not.toContainText('$5.391 cada 30 días');
  await shot(page, 'confirm-coupon-1280-es');
  await confirm.getByRole('button', { name: 'Ir a la plataforma de pago' }).click();
  await enterCard(page, approveCard());
  await expect(page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' })).toBeVisible();

  // The trial's end charges the first payment with the coupon; the next charge is the plan's price.
  await pastTheTrial(page);
  await page.goto('/cuenta/editar');
  const invoices = page.getByRole('region', { name: 'Mis boletas' });
  await expect(invoices.locator('tbody tr.plain-table__row')).toHaveCount(1);
  await expect(invoices.locator('tbody tr.plain-table__row').first()).toContainText('$5.391');
  const [active] = await mySubscriptions(page);
  expect(active).toMatchObject({ status: 'Active' });
  const details = (await (await page.request.get(`/api/user-subscriptions/${active!.id}`)).json())
    .data as { price: { total: number; discount: number } };
  expect(details.price).toMatchObject({ total: 5990, discount: 0 });

  // The account writes the Rut and the phone the same way.
  const personal = page.getByRole('region', { name: 'Datos personales' });
  await expect(personal.getByText(dotted, { exact: true })).toBeVisible();
  await expect(personal.getByText('+56 9 8765 4321', { exact: true })).toBeVisible();
});

/** A new student with an address and a subscription (Created) to each package named. */
async function studentWithSubscriptions(page: Page, packageNames: string[]) {
  const email = await registerVerifiedStudent(page, 'e2e-table');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  const headers = await csrfHeaders(page.request, page);
  const places = (await somePlaces(page.request)).metropolitana;
  const address = await page.request.post('/api/addresses', {
    headers,
    data: {
      address_line_1: 'Av. Libertador 1234',
      town_id: places.communes[0]!.id,
      zip_code: '8320000',
    },
  });
  expect(address.ok(), await address.text()).toBe(true);
  const packages = (await (await page.request.get('/api/packages')).json()).data as Array<{
    id: number;
    name: string;
    subjects_quantity: number;
  }>;
  for (const name of packageNames) {
    const pack = packages.find((candidate) => candidate.name === name)!;
    const subjects = (await (await page.request.get(`/api/packages/${pack.id}/subjects`)).json())
      .data as Array<{ id: number }>;
    const created = await page.request.post('/api/user-subscriptions', {
      headers,
      data: {
        package_id: pack.id,
        subject_ids: subjects.slice(-pack.subjects_quantity).map((subject) => subject.id),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
}

test('the account subscriptions table never scrolls sideways, from 360 to 1280 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Long rows: two subjects named in full, and every row with its action.
  await studentWithSubscriptions(page, ['PAES Dúo', 'Licencia Clase B', 'PAES Mensual']);
  for (const lang of ['es', 'en'] as const) {
    await page.goto('/cuenta/editar');
    if (lang === 'en') {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole('button', { name: 'Cambiar idioma' }).click();
      await expect(page.getByRole('button', { name: 'Change language' })).toBeVisible();
    }
    for (const width of [360, 390, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const card = page.getByRole('region', {
        name: lang === 'es' ? 'Mis suscripciones' : 'My subscriptions',
      });
      // The package's name in the interface language (packages have English names).
      await expect(
        card.getByRole('button', { name: lang === 'es' ? /Mensual/ : /Monthly/ }),
      ).toBeVisible();
      const overflow = await page.evaluate(() => {
        const table = document.querySelector('.subscriptions__table');
        // Every box of the table that could scroll sideways (antd's scroll wrappers among them).
        const scrollers = table
          ? [table, ...table.querySelectorAll<HTMLElement>('*')].filter((el) =>
              ['auto', 'scroll'].includes(getComputedStyle(el).overflowX),
            )
          : [];
        return {
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          table: Math.max(0, ...scrollers.map((el) => el.scrollWidth - el.clientWidth)),
        };
      });
      expect(overflow, `${width} px ${lang}`).toEqual({ page: 0, table: 0 });
      // The action of each row is on screen, inside the card.
      const cardBox = (await card.boundingBox())!;
      const actions = card.getByRole('button', {
        name: lang === 'es' ? /^Suscribirme a/ : /^Subscribe to/,
      });
      await expect(actions).toHaveCount(3);
      for (const action of await actions.all()) {
        const box = (await action.boundingBox())!;
        expect(box.x + box.width, `${width} px ${lang}`).toBeLessThanOrEqual(
          cardBox.x + cardBox.width,
        );
      }
      await shot(page, `account-table-${width}-${lang}`);
    }
  }
});
