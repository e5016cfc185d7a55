import { expect, type Page } from '@playwright/test';
import { randomRut, STUDENT_PASSWORD } from './students.ts';

/** The registration form's texts in one interface language. */
export interface RegistrationTexts {
  name: string;
  lastName: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  country: string;
  rut: string;
  rutValid: string;
  phone: string;
  readTerms: string;
  termsTitle: string;
  acceptTerms: string;
  createAccount: string;
  emailStepTitle: string;
}

/** Those texts in Spanish and in English. */
export const registrationTexts = {
  es: {
    name: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    password: 'Contraseña',
    passwordConfirmation: 'Confirma la contraseña',
    country: 'País',
    rut: 'Rut',
    rutValid: 'Rut válido',
    phone: 'Teléfono móvil',
    readTerms: 'Leer los términos y condiciones',
    termsTitle: 'Términos y condiciones',
    acceptTerms: 'Acepto los términos y condiciones',
    createAccount: 'Crear cuenta',
    emailStepTitle: 'Confirma tu correo',
  },
  en: {
    name: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    password: 'Password',
    passwordConfirmation: 'Confirm the password',
    country: 'Country',
    rut: 'Rut',
    rutValid: 'Valid Rut',
    phone: 'Mobile phone',
    readTerms: 'Read the terms and conditions',
    termsTitle: 'Terms and conditions',
    acceptTerms: 'I accept the terms and conditions',
    createAccount: 'Create account',
    emailStepTitle: 'Confirm your e-mail',
  },
} satisfies Record<'es' | 'en', RegistrationTexts>;

/** Fills and sends the registration form the page shows, up to the e-mail step. */
export async function fillRegistrationForm(page: Page, t: RegistrationTexts, email: string) {
  await page.getByLabel(t.name, { exact: true }).fill('Ana María');
  await page.getByLabel(t.lastName, { exact: true }).fill('Núñez');
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(STUDENT_PASSWORD);
  await page.getByLabel(t.passwordConfirmation, { exact: true }).fill(STUDENT_PASSWORD);
  await expect(page.getByRole('combobox', { name: t.country })).toBeVisible();
  await expect(
    page.locator('.ant-select', { has: page.getByRole('combobox', { name: t.country }) }),
  ).toContainText('Chile');
  await page.getByLabel(t.rut, { exact: true }).pressSequentially(randomRut());
  await expect(page.getByText(t.rutValid)).toBeVisible();
  await page.getByLabel(t.phone, { exact: true }).pressSequentially('987654321');
  await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue('+56 9 8765 4321');

  // The checkbox waits until the terms were read to the end.
  const accept = page.getByRole('checkbox', { name: t.acceptTerms });
  await expect(accept).toBeDisabled();
  await page.getByRole('button', { name: t.readTerms }).click();
  const terms = page.getByRole('dialog');
  const text = terms.getByRole('list', { name: t.termsTitle });
  await expect(text).toBeVisible();
  await text.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await terms.locator('.ant-modal-footer').getByRole('button').click();
  await expect(accept).toBeEnabled();
  await accept.check();

  await page.getByRole('button', { name: t.createAccount }).click();
  await expect(page.getByRole('heading', { name: t.emailStepTitle })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
}
