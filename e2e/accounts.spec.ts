import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './support/mail.ts';
import { choose, somePlaces } from './support/places.ts';
import { fillRegistrationForm, registrationTexts } from './support/registration.ts';
import { uniqueEmail } from './support/students.ts';

// A student registers, verifies the e-mail from the dev mailbox, logs in,
// edits every account section, changes the avatar, logs out, resets the password from the mailed
// link and logs in with it; once in Spanish and once in English. And 10 failed logins lead to
// 'Too many attempts.'. Registering with a taken e-mail looks the same as a new one.

// The tests of this file run one after the other: the login route allows a few requests a minute
// per address, and every test here logs in from the same one.
test.describe.configure({ mode: 'default' });

/** The texts the student reads, per interface language. */
const ui = {
  es: {
    lang: 'es',
    ...registrationTexts.es,
    resend: 'Reenviar el correo',
    resent: 'Te enviamos un nuevo enlace de verificación a tu correo electrónico.',
    tooManyAttempts: 'Demasiados intentos.',
    verifiedTitle: '¡Correo verificado!',
    continue: 'Continuar',
    loginTitle: 'Iniciar sesión',
    loginEmail: 'Correo electrónico',
    loginPassword: 'Contraseña',
    logIn: 'Ingresar',
    accountTitle: 'Mi cuenta',
    personal: 'Datos personales',
    phoneAccount: 'Teléfono móvil',
    passwordSection: 'Contraseña',
    currentPassword: 'Contraseña actual',
    newPassword: 'Contraseña nueva',
    newPasswordConfirmation: 'Confirma la contraseña nueva',
    address: 'Dirección',
    street: 'Calle y número',
    line2: 'Depto., oficina u otro (opcional)',
    zipCode: 'Código postal',
    location: 'Ubicación',
    region: 'Región',
    province: 'Provincia',
    commune: 'Comuna',
    edit: (section: string) => `Editar ${section}`,
    save: 'Guardar',
    saved: 'Cambios guardados.',
    dataSaved: 'Tus datos han sido guardados.',
    passwordChanged: 'Tu contraseña ha sido cambiada. Cerramos tus otras sesiones.',
    changePhoto: 'Cambiar foto',
    photoDialog: 'Cambiar foto de perfil',
    chooseImage: 'Elige una imagen',
    preview: 'Vista previa de la foto nueva',
    photoSaved: 'Foto actualizada',
    avatarUpdated: 'Tu foto de perfil ha sido actualizada.',
    ok: 'Aceptar',
    userMenu: 'Menú de usuario',
    logout: 'Cerrar sesión',
    forgot: '¿Olvidaste tu contraseña?',
    send: 'Enviar',
    resetTitle: 'Restablecer contraseña',
    resetPasswordLabel: 'Contraseña nueva',
    resetConfirmation: 'Confirma la contraseña',
    resetDone: 'Contraseña restablecida',
    wrongCredentials: 'Estas credenciales no coinciden con nuestros registros.',
  },
  en: {
    lang: 'en',
    ...registrationTexts.en,
    resend: 'Resend the e-mail',
    resent: 'A new verification link has been sent to your e-mail address.',
    tooManyAttempts: 'Too many attempts.',
    verifiedTitle: 'E-mail verified!',
    continue: 'Continue',
    loginTitle: 'Log in',
    loginEmail: 'E-mail',
    loginPassword: 'Password',
    logIn: 'Log in',
    accountTitle: 'My account',
    personal: 'Personal data',
    phoneAccount: 'Mobile phone',
    passwordSection: 'Password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    newPasswordConfirmation: 'Confirm the new password',
    address: 'Address',
    street: 'Street and number',
    line2: 'Apartment, office or other (optional)',
    zipCode: 'Postal code',
    location: 'Location',
    region: 'Region',
    province: 'Province',
    commune: 'Commune',
    edit: (section: string) => `Edit ${section}`,
    save: 'Save',
    saved: 'Changes saved.',
    dataSaved: 'Your data has been saved.',
    passwordChanged: 'Your password has been changed. Your other sessions have been closed.',
    changePhoto: 'Change photo',
    photoDialog: 'Change profile photo',
    chooseImage: 'Choose an image',
    preview: 'Preview of the new photo',
    photoSaved: 'Photo updated',
    avatarUpdated: 'Your profile picture has been updated.',
    ok: 'OK',
    userMenu: 'User menu',
    logout: 'Log out',
    forgot: 'Forgot your password?',
    send: 'Send',
    resetTitle: 'Reset password',
    resetPasswordLabel: 'New password',
    resetConfirmation: 'Confirm the password',
    resetDone: 'Password reset',
    wrongCredentials: 'These credentials do not match our records.',
  },
} as const;

type Texts = (typeof ui)[keyof typeof ui];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG: 48×48 pixels of one colour. */
function makePng(size = 48, rgb: [number, number, number] = [29, 78, 216]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(size).fill(rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function register(page: Page, t: Texts, email: string) {
  // The banner segment 'true' keeps the cookie bar away from the buttons.
  await page.goto(`/registro/1/${t.lang}/true`);
  await fillRegistrationForm(page, t, email);
}

/** A new student has no subscription yet: the login leads to package selection (spec 000 §4). */
async function logIn(page: Page, t: Texts, email: string, password: string) {
  await expect(page.getByRole('heading', { name: t.loginTitle })).toBeVisible();
  await page.getByLabel(t.loginEmail, { exact: true }).fill(email);
  await page.getByLabel(t.loginPassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.logIn, exact: true }).click();
  await expect(page).toHaveURL(/\/subscripcion\/paquete$/);
}

async function editAccount(page: Page, t: Texts, places: Awaited<ReturnType<typeof somePlaces>>) {
  await expect(page.getByRole('heading', { name: t.accountTitle })).toBeVisible();

  // Personal data
  const personal = page.getByRole('region', { name: t.personal });
  await personal.getByRole('button', { name: t.edit(t.personal) }).click();
  await personal.getByLabel(t.name, { exact: true }).fill('Ana Sofía');
  await personal.getByLabel(t.phoneAccount, { exact: true }).fill('56912345678');
  await personal.getByRole('button', { name: t.save }).click();
  await expect(personal.getByRole('status')).toHaveText(t.dataSaved);
  await expect(personal.getByText('Ana Sofía')).toBeVisible();
  // Shown (and edited) the one way the app writes a Chilean mobile.
  await expect(personal.getByText('+56 9 1234 5678')).toBeVisible();

  // Password
  const password = page.getByRole('region', { name: t.passwordSection });
  await password.getByRole('button', { name: t.edit(t.passwordSection) }).click();
  await password.getByLabel(t.currentPassword, { exact: true }).fill('Primera2026!');
  await password.getByLabel(t.newPassword, { exact: true }).fill('Segunda2026#');
  await password.getByLabel(t.newPasswordConfirmation, { exact: true }).fill('Segunda2026#');
  await password.getByRole('button', { name: t.save }).click();
  await expect(password.getByRole('status')).toHaveText(t.passwordChanged);

  // Address: a new student has none, so the commune is chosen with it.
  const { metropolitana, valparaiso } = places;
  const address = page.getByRole('region', { name: t.address, exact: true });
  await address.getByRole('button', { name: t.edit(t.address) }).click();
  await address.getByLabel(t.street, { exact: true }).fill('Av. Providencia 1208');
  await address.getByLabel(t.line2, { exact: true }).fill('Oficina 207');
  await address.getByLabel(t.zipCode, { exact: true }).fill('7500000');
  await choose(address, t.region, metropolitana.region.name);
  await choose(address, t.province, metropolitana.province.name);
  await choose(address, t.commune, metropolitana.communes[0]!.name);
  await address.getByRole('button', { name: t.save }).click();
  await expect(address.getByRole('status')).toHaveText(t.saved);
  await expect(address.getByText('Oficina 207')).toBeVisible();

  // Location: another region clears the province and commune below it.
  const location = page.getByRole('region', { name: t.location });
  await expect(location.getByText(metropolitana.communes[0]!.name, { exact: true })).toBeVisible();
  await location.getByRole('button', { name: t.edit(t.location) }).click();
  await choose(location, t.region, valparaiso.region.name);
  await expect(location.getByRole('combobox', { name: t.commune })).toBeDisabled();
  await choose(location, t.province, valparaiso.province.name);
  await choose(location, t.commune, valparaiso.communes[0]!.name);
  await location.getByRole('button', { name: t.save }).click();
  await expect(location.getByRole('status')).toHaveText(t.saved);
  await expect(location.getByText(valparaiso.communes[0]!.name, { exact: true })).toBeVisible();
  await expect(location.getByText(valparaiso.region.name, { exact: true })).toBeVisible();

  // Avatar: pick, preview, save, read the notice; the page reloads with the new picture.
  await page.getByRole('button', { name: t.changePhoto }).click();
  const photo = page.getByRole('dialog').filter({ hasText: t.photoDialog });
  await photo
    .getByLabel(t.chooseImage)
    .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: makePng() });
  await expect(photo.getByRole('img', { name: t.preview })).toBeVisible();
  await photo.getByRole('button', { name: t.save }).click();
  const notice = page.getByRole('dialog').filter({ hasText: t.photoSaved });
  await expect(notice).toContainText(t.avatarUpdated);
  await Promise.all([
    page.waitForEvent('load'),
    notice.getByRole('button', { name: t.ok }).click(),
  ]);
  await expect(page.getByRole('heading', { name: t.accountTitle })).toBeVisible();
  const headerAvatar = page.getByRole('banner').locator('.app-header__user img');
  await expect(headerAvatar).toHaveAttribute('src', /^\/uploads\/avatars\/.+/);
  await expect
    .poll(() => headerAvatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('avatar'))).toMatch(
    /^\/uploads\/avatars\//,
  );
}

for (const t of [ui.es, ui.en]) {
  test(`a student registers, verifies, edits the account and resets the password (${t.lang})`, async ({
    page,
    request,
  }) => {
    // Three mails, a photo upload and a dozen saves: a slow host needs the room.
    test.setTimeout(180_000);
    const email = uniqueEmail(`e2e-${t.lang}`);
    const places = await somePlaces(request);

    await register(page, t, email);
    const firstMail = await waitForMail(request, email, '/verify-email?url=');

    // The resend link sends another mail; a second one within the minute is refused.
    await page.getByRole('button', { name: t.resend }).click();
    await expect(page.getByText(t.resent)).toBeVisible();
    await page.getByRole('button', { name: t.resend }).click();
    await expect(page.getByText(t.tooManyAttempts)).toBeVisible();
    const verification = await waitForMail(request, email, '/verify-email?url=', firstMail.id);

    // The first opening signs the student in and goes on to the sign-up; opened
    // again, it only says the address is verified, and the login is the way in.
    const link = linkIn(verification, '/verify-email?url=');
    await page.goto(link);
    // The package is kept in storage too, so the public guard may land first without the query.
    await expect(page).toHaveURL(/\/subscripcion\/paquete(\?package=1)?$/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: t.verifiedTitle })).toBeVisible();
    await page.getByRole('button', { name: t.continue }).click();
    // Still signed in from the first opening: the login page moves the student on.
    await expect(page).toHaveURL(/\/(dashboard|subscripcion\/paquete)$/);
    await page.getByRole('banner').getByRole('link', { name: /Ana/ }).click();
    await expect(page).toHaveURL(/\/cuenta\/editar$/);
    await editAccount(page, t, places);

    // Log out from the dashboard: after the avatar's reload the browser restores the account
    // page's scroll position at a moment of its choosing, which can move the menu under the pointer.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana Sofía');
    // Every step bounded, so that a miss is retried rather than waited on until the test's end.
    const loginHeading = page.getByRole('heading', { name: t.loginTitle });
    await expect(async () => {
      if (await loginHeading.isVisible()) return; // A slow logout has landed since the last try.
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.userMenu }).click({ timeout: 5_000 });
      await page.getByRole('menuitem', { name: t.logout }).click({ timeout: 3_000 });
      await expect(loginHeading).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });

    await page.getByRole('link', { name: t.forgot }).click();
    await expect(page).toHaveURL(/\/olvido$/);
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('status')).toBeVisible();
    const resetMail = await waitForMail(request, email, '/resetpassword?token=');

    await page.goto(linkIn(resetMail, '/resetpassword?token='));
    await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible();
    await expect(page.getByLabel(t.email, { exact: true })).toHaveValue(email);
    await page.getByLabel(t.resetPasswordLabel, { exact: true }).fill('Tercera2026$');
    await page.getByLabel(t.resetConfirmation, { exact: true }).fill('Tercera2026$');
    await page.getByRole('button', { name: t.resetTitle }).click();
    const done = page.getByRole('dialog').filter({ hasText: t.resetDone });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: t.ok }).click();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, t, email, 'Tercera2026$');
  });
}

test('registering with an e-mail that has an account looks the same, and mails its owner', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const t = ui.es;
  const email = uniqueEmail('e2e-taken');
  await register(page, t, email);
  await waitForMail(request, email, '/verify-email?url=');
  const sent = await page.getByRole('status').filter({ hasText: email }).textContent();

  // A stranger tries the same address: the same e-mail step, the same words, no error.
  await page.context().clearCookies();
  await register(page, t, email);
  await expect(page.getByRole('status').filter({ hasText: email })).toHaveText(sent!);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const notice = await waitForMail(request, email, '/olvido');
  expect(notice.subject).toBe('Alguien intentó registrarse en Ensaya con tu correo');
  expect(linkIn(notice, '/login')).toBe('/login');
});

/**
 * Waits until the login route's per-address limit has room for `attempts` more requests: other
 * tests log in from the same address, and this test must see the per-e-mail throttle, not that.
 */
async function waitForLoginRoom(page: Page, attempts: number) {
  await page.request.get('/api/csrf-cookie');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const probe = await page.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') },
    data: { email: uniqueEmail('probe'), password: 'Probe2026!' },
  });
  const remaining = Number(probe.headers()['x-ratelimit-remaining'] ?? attempts);
  const resetSeconds = Number(probe.headers()['x-ratelimit-reset'] ?? 0);
  if (remaining < attempts) await page.waitForTimeout((resetSeconds + 1) * 1000);
}

test("10 failed logins, then the interface says 'Too many attempts.'", async ({ page }) => {
  test.setTimeout(120_000);
  const t = ui.en;
  const email = uniqueEmail('e2e-throttle');
  await page.goto('/login/en/true');
  await waitForLoginRoom(page, 11);

  for (let attempt = 1; attempt <= 10; attempt++) {
    await page.getByLabel(t.loginEmail, { exact: true }).fill(email);
    await page.getByLabel(t.loginPassword, { exact: true }).fill(`Wrong${attempt}2026!`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
    await page.getByRole('button', { name: t.logIn, exact: true }).click();
    expect((await answer).status()).toBe(422);
    await expect(page.getByRole('alert')).toHaveText(t.wrongCredentials);
  }

  const answer = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await page.getByRole('button', { name: t.logIn, exact: true }).click();
  expect((await answer).status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText('Too many attempts.');
  await expect(page).toHaveURL(/\/login\/en\/true$/);
});
