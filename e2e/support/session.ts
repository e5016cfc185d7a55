import { expect, type Page } from '@playwright/test';

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = 'Ensaya2026!';

const LOGIN_TEXTS = {
  es: { email: 'Correo electrónico', password: 'Contraseña', submit: 'Ingresar' },
  en: { email: 'E-mail', password: 'Password', submit: 'Log in' },
} as const;

export interface LogInOptions {
  password?: string;
  /** Where the login must land; the dashboard unless told. */
  landing?: RegExp;
  /** Opens `/login/{lang}/true` (language stored, cookie banner answered) instead of `/login`. */
  lang?: keyof typeof LOGIN_TEXTS;
  /** Waits for the landing page's own requests, so a test's next wait is not answered by them. */
  settle?: boolean;
}

/** Signs in through the login form, as a student does, and answers the cookie banner if shown. */
export async function logIn(page: Page, email: string, options: LogInOptions = {}) {
  const { password = DEMO_PASSWORD, landing = /\/dashboard$/, lang } = options;
  const texts = LOGIN_TEXTS[lang ?? 'es'];
  await page.goto(lang ? `/login/${lang}/true` : '/login');
  await page.getByLabel(texts.email, { exact: true }).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.submit, exact: true }).click();
  await expect(page).toHaveURL(landing);
  if (options.settle) await page.waitForLoadState('networkidle');
  const acceptCookies = page.getByRole('button', { name: 'Aceptar' });
  if (await acceptCookies.isVisible()) await acceptCookies.click();
}
