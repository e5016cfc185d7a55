import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail.ts';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.cl`;
}

/** A random valid Rut body and its modulo-11 check digit (test data; core checks real input). */
export function randomRut(): string {
  const body = String(10_000_000 + Math.floor(Math.random() * 14_000_000));
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  return body + (rest === 11 ? '0' : rest === 10 ? 'K' : String(rest));
}

/** The CSRF header for a POST from the page's context (fetching the cookie first when absent). */
export async function csrfHeaders(request: APIRequestContext, page: Page) {
  let token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await request.get('/api/csrf-cookie');
    token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  return { 'X-XSRF-TOKEN': decodeURIComponent(token ?? '') };
}

export const STUDENT_PASSWORD = 'Primera2026!';

/**
 * A new student registered through the API and verified from the mailed link, as the browser
 * would, without going through the form (the accounts suite covers the form itself).
 */
export async function registerVerifiedStudent(page: Page, prefix: string): Promise<string> {
  const request = page.request;
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/register', {
    headers: await csrfHeaders(request, page),
    data: {
      name: 'Camila',
      last_name: 'Rojas',
      email,
      password: STUDENT_PASSWORD,
      password_confirmation: STUDENT_PASSWORD,
      phone: '56987654321',
      tax_id: randomRut(),
      terms_and_conditions: '1',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await waitForMail(request, email, '/verify-email?url=');
  const verified = await request.get(
    new URL(linkIn(mail, '/verify-email?url='), 'http://x').searchParams.get('url')!,
  );
  expect(verified.ok(), await verified.text()).toBe(true);
  return email;
}
