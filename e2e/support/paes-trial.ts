import { expect, type Page } from '@playwright/test';
import { approveCard } from './cards.ts';
import { choose, somePlaces } from './places.ts';
import { logIn } from './session.ts';
import { STUDENT_PASSWORD } from './students.ts';
import { settledDialog } from './dialogs.ts';

/**
 * Signs in a new, verified student (no subscription yet) and starts a trial of every PAES subject
 * (PAES Mensual) through the subscription wizard and the sandbox card page, ending on the dashboard.
 */
export async function startPaesTrial(page: Page, email: string, street = 'Av. Matta 1020') {
  await logIn(page, email, {
    password: STUDENT_PASSWORD,
    landing: /\/subscripcion\/paquete$/,
    lang: 'es',
  });
  await page.getByLabel('PAES Mensual', { exact: true }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const places = (await somePlaces(page.request)).metropolitana;
  const form = page.locator('form', { has: page.getByText('Tu dirección') });
  await form.getByLabel('Calle y número', { exact: true }).fill(street);
  await choose(form, 'Región', places.region.name);
  await choose(form, 'Provincia', places.province.name);
  await choose(form, 'Comuna', places.communes[0]!.name);
  await form.getByLabel('Código postal', { exact: true }).fill('8320000');
  await form.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Suscribirme', exact: true }).click();
  await (
    await settledDialog(page, 'Confirma tu suscripción')
  )
    .getByRole('button', { name: 'Ir a la plataforma de pago' })
    .click();
  await expect(page.getByRole('heading', { name: 'Pasarela de pago de prueba' })).toBeVisible();
  await page.getByLabel('Número de tarjeta').fill(approveCard());
  await page.getByRole('button', { name: 'Registrar tarjeta' }).click();
  await expect(page.getByRole('heading', { name: '¡Tu período de prueba comenzó!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
