import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { rutCheckDigit } from '@ensaya/core/validation/rut';
import { type users, packages, packageSubjects, promoCodes, subjects } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { TestClient, type TestApp } from './build-test-app.ts';
import { createAddress, createStudent, TEST_PASSWORD } from './factories.ts';

/**
 * A sandbox card number of its own, ending like the test card whose behaviour it has. A free trial
 * is once per card, and the sandbox tells cards apart by their whole number: tests sharing a
 * database (and a card) would otherwise take each other's trial.
 */
function testCard(lastFour: string) {
  const middle = String(randomInt(0, 100_000_000_000)).padStart(11, '0');
  return `4${middle}${lastFour}`;
}
export const approveCard = () => testCard('1111');
export const declineCard = () => testCard('0002');
/** Passes the card validation charge, then declines every charge. */
export const declineLaterCard = () => testCard('0341');

/** A valid RUT of its own, in the stored form ('12345678-5'). */
export function randomRut() {
  const body = String(randomInt(10_000_000, 30_000_000));
  return `${body}-${rutCheckDigit(body)}`;
}

/** A PAES package (or of the standard test given) of its own with three subjects to choose from. */
export async function createPackage(db: Db, overrides: Partial<typeof packages.$inferInsert> = {}) {
  const subjectRows = await db
    .insert(subjects)
    .values(
      [1, 2, 3].map((n) => ({
        standardTestId: overrides.standardTestId ?? 1,
        name: `Asignatura ${n} ${randomUUID()}`,
        approvalGrade: 458,
      })),
    )
    .returning();
  const [pack] = await db
    .insert(packages)
    .values({
      standardTestId: 1,
      name: `Paquete ${randomUUID()}`,
      durationDays: 30,
      priceClp: 9990,
      subjectsQuantity: 2,
      trialPeriodDays: 7,
      ...overrides,
    })
    .returning();
  await db
    .insert(packageSubjects)
    .values(subjectRows.map((subject) => ({ packageId: pack!.id, subjectId: subject.id })));
  return { pack: pack!, subjectIds: subjectRows.map((subject) => subject.id) };
}

export async function createCoupon(
  db: Db,
  overrides: Partial<typeof promoCodes.$inferInsert> = {},
) {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: `CUPON${randomUUID().slice(0, 8).toUpperCase()}`,
      type: 'percent',
      value: 10,
      validFrom: new Date('2020-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A signed-in student with an address in Providencia (VAT 19 %). */
export async function signedInStudent(
  t: TestApp,
  options: { address?: boolean; user?: Partial<typeof users.$inferInsert> } = {},
) {
  const student = await createStudent(t.db, options.user);
  if (options.address !== false) await createAddress(t.db, student.id);
  const client = new TestClient(t.app);
  await client.login(student.email, TEST_PASSWORD);
  return { student, client };
}

export async function createSubscription(
  client: TestClient,
  packageId: number,
  subjectIds: number[],
) {
  const response = await client.post('/api/user-subscriptions', {
    package_id: packageId,
    subject_ids: subjectIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; status: string; price: Record<string, number> };
}

/**
 * Goes through the payment link and the sandbox's card page with a card number, as the browser
 * does; returns the gateway return URL (path) and where it finally lands.
 */
export async function payWithCard(client: TestClient, subscriptionId: number, cardNumber: string) {
  const returnPath = await submitCard(client, subscriptionId, cardNumber);
  const landing = await client.get(returnPath);
  return { returnPath, landing };
}

/**
 * The payment link and the sandbox's card page, up to the gateway's return URL (path), which the
 * browser has not followed yet.
 */
export async function submitCard(client: TestClient, subscriptionId: number, cardNumber: string) {
  const link = await client.post('/api/user-subscriptions-increase', {
    id: subscriptionId,
    isDiscount: false,
  });
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().data[1] as string);
  const page = await client.get(url.pathname + url.search);
  expect(page.statusCode).toBe(200);
  const card = await client.request({
    method: 'POST',
    url: '/sandbox-gateway/enroll',
    payload: new URLSearchParams({
      token: url.searchParams.get('token')!,
      card_number: cardNumber,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    csrf: false,
  });
  expect(card.statusCode, card.body).toBe(303);
  const returnUrl = new URL(card.headers.location as string);
  return returnUrl.pathname + returnUrl.search;
}
