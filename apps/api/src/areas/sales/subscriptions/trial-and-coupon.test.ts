import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, invoices, userSubscriptions } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { createBank, grantAccess } from '../../../test/bank-factory.ts';
import { createStudent, TEST_PASSWORD } from '../../../test/factories.ts';
import { runJobsOnce } from '../../operations/jobs/run-jobs.ts';
import { createGateways } from '../payments/gateways.ts';
import {
  approveCard,
  createCoupon,
  createPackage,
  createSubscription,
  declineLaterCard,
  payWithCard,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';

let t: TestApp;
let deps: Parameters<typeof runJobsOnce>[1];
beforeAll(async () => {
  t = await buildTestApp({ sandboxGatewaySecret: 's'.repeat(32) });
  deps = { gateways: createGateways(t.config, 'unused'), appUrl: t.config.appUrl };
});
afterAll(() => t?.close());

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);
const subscriptionRow = async (id: number) =>
  (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)))[0]!;
const invoiceCharges = async (userId: number) =>
  (await t.db.select().from(charges).where(eq(charges.userId, userId))).filter(
    (charge) => charge.kind === 'invoice',
  );

/** A student with a trial of the bank's subject (7 days), as the payment return leaves it. */
async function trialOfBank(endInDays: number) {
  const bank = await createBank(t.db, { perTheme: 4, questionCount: 4 });
  const user = await createStudent(t.db);
  await grantAccess(t.db, user.id, bank.subject.id, {
    status: 'Trial',
    trialStartedAt: new Date(Date.now() - (7 - endInDays) * DAY),
    trialDuration: 7,
    subscriptionStart: new Date(Date.now() - (7 - endInDays) * DAY),
    subscriptionEnd: new Date(Date.now() + endInDays * DAY),
  });
  const client = new TestClient(t.app, { language: 'en' });
  await client.login(user.email, TEST_PASSWORD);
  return { bank, client };
}

const cardOf = async (client: TestClient, subjectId: number) =>
  (await client.get('/api/subjects'))
    .json()
    .data.flatMap((test: { subjects: Array<{ id: number }> }) => test.subjects)
    .find((subject: { id: number }) => subject.id === subjectId) as { has_access: boolean };

describe('a trial gives access (docs/architecture.md "A trial gives access")', () => {
  it('lets a student in a trial take practice and mock exams in the subscribed subject', async () => {
    const { bank, client } = await trialOfBank(5);
    expect(await cardOf(client, bank.subject.id)).toMatchObject({ has_access: true });
    const practice = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'practice',
      selection: { value: 1 },
    });
    expect(practice.statusCode, practice.body).toBe(201);
    const exam = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'mock_exam',
      replace_in_progress: true,
    });
    expect(exam.statusCode, exam.body).toBe(201);
    const mine = (await client.get('/api/user-subscriptions/standard-test')).json().data[0];
    expect(mine).toMatchObject({ status: 'Trial', has_access: true });
  });

  it('gives no access once the trial has ended unpaid', async () => {
    const { bank, client } = await trialOfBank(-0.01);
    expect(await cardOf(client, bank.subject.id)).toMatchObject({ has_access: false });
    const refused = await client.post('/api/user-tests', {
      subject_id: bank.subject.id,
      mode: 'mock_exam',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('ends a canceled trial without a charge, and its access with it', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await payWithCard(client, sub.id, approveCard());
    const off = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'PAUSE',
    });
    expect(off.json().data).toMatchObject({ status: 'Trial', auto_renew: false, has_access: true });
    await runJobsOnce(t.db, deps, later(7.01));
    const row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Canceled');
    expect(await invoiceCharges(student.id)).toHaveLength(0);
    expect(await t.db.select().from(invoices).where(eq(invoices.userId, student.id))).toEqual([]);
  });

  it('loses access when the charge at the trial end is declined', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await payWithCard(client, sub.id, declineLaterCard());
    expect((await client.get(`/api/user-subscriptions/${sub.id}`)).json().data.has_access).toBe(
      true,
    );
    await runJobsOnce(t.db, deps, later(7.01));
    expect((await subscriptionRow(sub.id)).status).toBe('Pending_payment');
  });
});

describe('a coupon discounts the first payment only (core COUPON_SCOPE)', () => {
  it('charges the trial end with the coupon and every renewal at the package price', async () => {
    const { pack, subjectIds } = await createPackage(t.db, { priceClp: 5990 });
    const coupon = await createCoupon(t.db, { type: 'percent', value: 10 });
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const applied = await client.post(`/api/user-subscriptions/${sub.id}/subscribe`, {
      code: coupon.code,
    });
    expect(applied.json().data.price).toEqual({
      price: 5990,
      discount: 599,
      net: 4530,
      vat: 861,
      total: 5391,
      vat_percentage: 19,
    });
    await payWithCard(client, sub.id, approveCard());
    await runJobsOnce(t.db, deps, later(7.01));
    const afterFirst = (await client.get(`/api/user-subscriptions/${sub.id}`)).json().data;
    expect(afterFirst).toMatchObject({ status: 'Active', coupon: { code: coupon.code } });
    // The next charge is the package's price: the coupon was used.
    expect(afterFirst.price).toMatchObject({ price: 5990, discount: 0, total: 5990 });
    await runJobsOnce(t.db, deps, later(37.02));
    const bills = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(bills.map((bill) => [bill.status, bill.discount, bill.total])).toEqual([
      ['paid', 599, 5391],
      ['paid', 0, 5990],
    ]);
    expect((await invoiceCharges(student.id)).map((charge) => Number(charge.amount))).toEqual([
      5391, 5990,
    ]);
  });
});
