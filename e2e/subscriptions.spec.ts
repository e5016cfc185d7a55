import { expect, test, type Locator, type Page } from '@playwright/test';
import { approveCard, declineLaterCard } from './support/cards.ts';
import { advanceClock, resetClock, runDueJobs } from './support/dev-clock.ts';
import { linkIn, waitForMail } from './support/mail.ts';
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

// A new student subscribes from /paquetes with a coupon and the approving
// sandbox card, starts the trial and sees the banner; the clock moves to the trial end and the card
// is charged; a declining card leads to the payment notice, a card update pays and reactivates; the
// cancel wizard leaves the subscription in Pause with access until its end; activate restores it.

// One after another: the server's clock is one for everybody, and each test moves it (and puts it
// back). Moves stay under the 10 days left of the demo accounts' periods, so the other suites'
// students keep their access.
test.describe.configure({ mode: 'default' });

const takeScreenshots = process.env.SCREENSHOTS === '1';

/** With SCREENSHOTS=1, saves the page for the docs. */
async function screenshot(page: Page, name: string) {
  if (!takeScreenshots) return;
  // From the top, or the sticky header is photographed where the page was scrolled to.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

/** The address step: street, region, province, commune and postal code, then on to the summary. */
async function enterAddress(page: Page) {
  const places = (await somePlaces(page.request)).metropolitana;
  const form = page.locator('form', { has: page.getByText('Tu dirección') });
  await form.getByLabel('Calle y número', { exact: true }).fill('Av. Libertador 1234');
  await choose(form, 'Región', places.region.name);
  await choose(form, 'Provincia', places.province.name);
  await choose(form, 'Comuna', places.communes[0]!.name);
  await form.getByLabel('Código postal', { exact: true }).fill('8320000');
  await form.getByRole('button', { name: 'Siguiente' }).click();
}

/** The price block's value for a label ("Total", "Descuento", ...). */
function price(page: Page, label: string | RegExp): Locator {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** Summary -> confirmation -> the payment platform's card page -> back to the app. */
async function payOnPlatform(page: Page, card: string) {
  await page.getByRole('button', { name: 'Suscribirme', exact: true }).click();
  const confirm = await settledDialog(page, 'Confirma tu suscripción');
  await expect(confirm).toContainText('plataforma de pago');
  await confirm.getByRole('button', { name: 'Ir a la plataforma de pago' }).click();
  await enterCard(page, card);
}

async function enterCard(page: Page, card: string) {
  await expect(page.getByRole('heading', { name: 'Pasarela de pago de prueba' })).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByRole('button', { name: 'Registrar tarjeta' }).click();
}

function subscriptionRow(page: Page, plan: string): Locator {
  return page.getByRole('region', { name: 'Mis suscripciones' }).getByRole('row', { name: plan });
}

function invoiceRows(page: Page): Locator {
  return page.getByRole('region', { name: 'Mis boletas' }).locator('tbody tr.plain-table__row');
}

async function mySubscriptions(page: Page) {
  const response = await page.request.get('/api/user-subscriptions');
  expect(response.ok()).toBe(true);
  return (
    (await response.json()) as {
      data: Array<{ id: number; status: string; has_access: boolean; subscription_end: string }>;
    }
  ).data;
}

/** A new student with a Licencia Clase B trial on the given card, subscribed through the wizard. */
async function studentInClassBTrial(page: Page, card: string) {
  const email = await registerVerifiedStudent(page, 'e2e-classb');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  await page.getByLabel('Licencia Clase B', { exact: true }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // One subject: the package includes every subject of the test, already chosen.
  await expect(page.getByText(/incluye todas las materias/)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await enterAddress(page);
  await expect(price(page, 'Total')).toHaveText('$4.990');
  await payOnPlatform(page, card);
  await expect(page).toHaveURL(/\/confirmacion/);
  await expect(page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' })).toBeVisible();
  return email;
}

test.afterEach(async ({ page }) => {
  await resetClock(page);
});

test('a new student subscribes from the price table with a coupon, starts the trial and is charged at its end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('e2e-subscribe');

  // The price table, then the registration with the package chosen there.
  await page.goto('/login/es/true');
  await page.goto('/paquetes');
  await expect(page.getByRole('heading', { name: 'Paquetes y precios' })).toBeVisible();
  const duo = page.getByRole('article', { name: 'PAES Dúo' });
  await expect(duo).toContainText('$5.990');
  await screenshot(page, 'packages');
  await duo.getByRole('link', { name: 'Suscribirme a PAES Dúo' }).click();
  await expect(page).toHaveURL(/\/registro\/\d+\/es/);
  await fillRegistrationForm(page, registrationTexts.es, email);

  // E-mail verification signs the student in: the chosen package survives it, so the
  // wizard starts at the subjects.
  const mail = await waitForMail(page.request, email, '/verify-email?url=');
  await page.goto(linkIn(mail, '/verify-email?url='));
  await expect(page).toHaveURL(/\/subscripcion\/paquete\?package=\d+$/);
  await expect(page.getByText('Elige 2 materias de PAES Dúo')).toBeVisible();

  // Subjects: exactly two.
  const subjects = page.getByRole('checkbox');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Elige exactamente 2 materias para continuar.')).toBeVisible();
  await subjects.nth(0).check();
  await subjects.nth(1).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await enterAddress(page);

  // Summary: the price with VAT, then the coupon.
  await expect(price(page, 'Total')).toHaveText('$5.990');
  const coupon = page.getByLabel('Cupón de descuento');
  const add = page.getByRole('button', { name: 'Agregar' });
  await add.click();
  await expect(page.getByText('Debes ingresar un código')).toBeVisible();
  await coupon.fill('NOEXISTE');
  await add.click();
  await expect(page.getByText('Cupón inválido.')).toBeVisible();
  await expect(coupon).toHaveValue('');
  await coupon.fill('  bienvenida10 ');
  await add.click();
  await expect(page.getByText('Cupón BIENVENIDA10 aplicado a tu primer pago.')).toBeVisible();
  await expect(add).toBeDisabled();
  await expect(price(page, 'Descuento')).toHaveText('−$599');
  await expect(price(page, 'Total')).toHaveText('$5.391');
  await expect(price(page, /^IVA \(/)).toHaveText('$861');
  await screenshot(page, 'subscription-summary');

  // The payment platform: the approving card starts the 7-day trial.
  await payOnPlatform(page, approveCard());
  await expect(page).toHaveURL(/\/confirmacion/);
  await expect(page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByText('Prueba gratis: quedan 7 días, con acceso completo a tus materias.'),
  ).toBeVisible();
  await screenshot(page, 'trial-banner');
  const [trial] = await mySubscriptions(page);
  expect(trial).toMatchObject({ status: 'Trial' });

  // Seven days later the trial ends: the card is charged the discounted price, and the period starts.
  await advanceClock(page, 7, 60);
  await runDueJobs(page);
  await page.goto('/cuenta/editar');
  await expect(subscriptionRow(page, 'PAES Dúo')).toContainText('Activa');
  await expect(invoiceRows(page)).toHaveCount(1);
  await expect(invoiceRows(page).first()).toContainText('$5.391');
  await expect(invoiceRows(page).first()).toContainText('Pagada');
  await expect(page.getByText(/días de prueba/)).toHaveCount(0);
  const receipt = await waitForMail(page.request, email, '5.391');
  expect(receipt.subject).toMatch(/boleta|pago|recibo/i);
});

test('a declined renewal shows the payment notice, and a new card pays and reactivates', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await studentInClassBTrial(page, declineLaterCard());

  // The trial ends and the charge is declined: payment pending, with the notice.
  await advanceClock(page, 3, 60);
  await runDueJobs(page);
  await page.goto('/cuenta/editar');
  const row = subscriptionRow(page, 'Licencia Clase B');
  await expect(row).toContainText('Pago pendiente');
  await expect(
    page.getByText(/Tu último pago fue rechazado\. Agrega un medio de pago válido/),
  ).toBeVisible();
  await expect(invoiceRows(page).first()).toContainText('Pendiente');
  await screenshot(page, 'account-subscriptions');

  // Subscribe from the account: the details page explains, and a new card pays the open invoice.
  await row.getByRole('button', { name: 'Suscribirme a Licencia Clase B' }).click();
  await expect(page).toHaveURL(/\/factura\/detalles/);
  await expect(page.getByText('Tienes un pago pendiente')).toBeVisible();
  await payOnPlatform(page, approveCard());
  await expect(page).toHaveURL(/\/subscripcion\/exitosa/);
  await expect(page.getByRole('heading', { name: '¡Tu suscripción está activa!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/cuenta/editar');
  await expect(subscriptionRow(page, 'Licencia Clase B')).toContainText('Activa');
  await expect(invoiceRows(page).first()).toContainText('Pagada');
  const [active] = await mySubscriptions(page);
  expect(active).toMatchObject({ status: 'Active', has_access: true });
});

test('the cancel wizard leaves the subscription paused with access until its end; activate restores it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await studentInClassBTrial(page, approveCard());
  await advanceClock(page, 3, 60);
  await runDueJobs(page);
  const [active] = await mySubscriptions(page);
  expect(active).toMatchObject({ status: 'Active' });
  const end = new Date(active!.subscription_end)
    .toLocaleDateString('es-CL', {
      timeZone: 'UTC',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    })
    .replaceAll('-', '/');

  await page.goto('/cuenta/editar');
  await subscriptionRow(page, 'Licencia Clase B')
    .getByRole('button', { name: 'Cancelar la suscripción Licencia Clase B' })
    .click();

  // Step 1: what is cancelled and until when access lasts.
  await expect(page).toHaveURL(/\/cancelar\/subscripcion$/);
  await expect(page.getByRole('heading', { name: 'Antes de cancelar' })).toBeVisible();
  await expect(page.getByText(end)).toBeVisible();
  await expect(page.getByText('Licencia Clase B', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();

  // Step 2: the questionnaire; the required questions must be answered.
  await expect(page.getByRole('heading', { name: 'Cuéntanos por qué te vas' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar la renovación' }).click();
  await expect(page.getByText('Por favor responde esta pregunta.').first()).toBeVisible();
  await page.getByLabel('Ya rendí mi examen').check();
  await page
    .getByLabel('¿Qué podríamos mejorar para que vuelvas a estudiar con nosotros?')
    .fill('Más ensayos de clase B.');
  await page.getByRole('button', { name: 'Cancelar la renovación' }).click();

  // Step 3: renewal off, access until the end of the paid period.
  await expect(
    page.getByRole('heading', { name: 'La renovación automática está desactivada' }),
  ).toBeVisible();
  await expect(page.getByText(`Mantienes el acceso hasta el ${end}.`)).toBeVisible();
  const [paused] = await mySubscriptions(page);
  expect(paused).toMatchObject({ status: 'Pause', has_access: true });
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Paused, the student still practises: the subject can be started.
  const list = await page.request.get('/api/subjects');
  const groups = (
    (await list.json()) as {
      data: Array<{ subjects: Array<{ name: string; has_access: boolean }> }>;
    }
  ).data;
  const classB = groups
    .flatMap((group) => group.subjects)
    .find((subject) => subject.name === 'Examen teórico clase B');
  expect(classB).toMatchObject({ has_access: true });

  // Activate from the account.
  await page.goto('/cuenta/editar');
  const row = subscriptionRow(page, 'Licencia Clase B');
  await expect(row).toContainText('Sin renovación');
  await row.getByRole('button', { name: 'Activar la suscripción Licencia Clase B' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [restored] = await mySubscriptions(page);
  expect(restored).toMatchObject({ status: 'Active', has_access: true });
});

test('a payment link for another student is refused', async ({ page }) => {
  const email = await registerVerifiedStudent(page, 'e2e-intruder');
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  const response = await page.request.post('/api/user-subscriptions-increase', {
    headers: await csrfHeaders(page.request, page),
    data: { id: 1, isDiscount: false },
  });
  expect(response.status()).toBe(404);
});
