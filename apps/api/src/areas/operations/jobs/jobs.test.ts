import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  charges,
  invoices,
  jobs,
  mailOutbox,
  userSubscriptions,
} from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createGateways } from '../../sales/payments/gateways.ts';
import {
  approveCard,
  createPackage,
  createSubscription,
  declineLaterCard,
  payWithCard,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';
import { runJobsOnce } from './run-jobs.ts';

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
    (c) => c.kind === 'invoice',
  );

/** A student in a 7-day trial of a 30-day package, with the given card. */
async function inTrial(card: string) {
  const { pack, subjectIds } = await createPackage(t.db);
  const { client, student } = await signedInStudent(t);
  const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
  await payWithCard(client, sub.id, card);
  expect((await subscriptionRow(sub.id)).status).toBe('Trial');
  return { client, student, sub };
}

describe('trial end and renewals', () => {
  it('charges the card at the trial end, then renews at the period end', async () => {
    const { student, sub } = await inTrial(approveCard());
    await runJobsOnce(t.db, deps, later(5)); // the 3-day notice
    const notice = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, student.email));
    expect(notice.map((m) => m.subject)).toContain(
      'Tu periodo de prueba de Ensaya termina en 3 días',
    );
    await runJobsOnce(t.db, deps, later(7.01));
    let row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Active');
    expect(row.subscriptionEnd!.getTime() - row.subscriptionStart!.getTime()).toBe(30 * DAY);
    expect(await invoiceCharges(student.id)).toHaveLength(1);
    await runJobsOnce(t.db, deps, later(7.02)); // nothing more is due
    expect(await invoiceCharges(student.id)).toHaveLength(1);
    await runJobsOnce(t.db, deps, later(37.02));
    row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Active');
    expect(await invoiceCharges(student.id)).toHaveLength(2);
    const bills = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(bills.map((b) => b.status)).toEqual(['paid', 'paid']);
  });

  it('does not renew with renewal off, and ends the period as Canceled', async () => {
    const { client, student, sub } = await inTrial(approveCard());
    await runJobsOnce(t.db, deps, later(7.01));
    const off = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'PAUSE',
    });
    expect(off.json().data.status).toBe('Pause');
    await runJobsOnce(t.db, deps, later(37.02));
    expect((await subscriptionRow(sub.id)).status).toBe('Canceled');
    expect(await invoiceCharges(student.id)).toHaveLength(1);
  });

  it('charges once when two runners work at once', async () => {
    const { student, sub } = await inTrial(approveCard());
    const now = later(7.01);
    const results = await Promise.all([
      runJobsOnce(t.db, deps, now, { workerId: 'a' }),
      runJobsOnce(t.db, deps, now, { workerId: 'b' }),
    ]);
    expect(results.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    expect(await invoiceCharges(student.id)).toHaveLength(1);
    expect((await subscriptionRow(sub.id)).status).toBe('Active');
    const trialEnds = (await t.db.select().from(jobs).where(eq(jobs.name, 'trial-end'))).filter(
      (job) => job.uniqueKey?.startsWith(`trial-end:${sub.id}:`),
    );
    expect(trialEnds.map((job) => job.status)).toEqual(['done']);
  });
});

describe('dunning', () => {
  it('declines into Pending_payment, retries 1, 3 and 5 days later, then cancels', async () => {
    const { client, student, sub } = await inTrial(declineLaterCard());
    await runJobsOnce(t.db, deps, later(7.01));
    expect((await subscriptionRow(sub.id)).status).toBe('Pending_payment');
    let [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(invoice).toMatchObject({ status: 'open', attemptCount: 1 });
    // The subscription names its open invoice and when it is charged again, for the notice.
    const read = (await client.get(`/api/user-subscriptions/${sub.id}`)).json().data;
    expect(read).toMatchObject({
      payment_notice: 'open',
      open_invoice: {
        id: invoice!.id,
        number: invoice!.number,
        total: 9990,
        attempt_count: 1,
        next_attempt_at: invoice!.nextAttemptAt!.toISOString(),
      },
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, student.email));
    expect(mails.map((m) => m.subject)).toContain('No pudimos cobrar tu suscripción de Ensaya');
    await runJobsOnce(t.db, deps, later(7.5)); // before the first retry: nothing
    expect(await invoiceCharges(student.id)).toHaveLength(1);
    for (const [day, attempts] of [
      [8.02, 2],
      [10.02, 3],
    ] as const) {
      await runJobsOnce(t.db, deps, later(day));
      [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
      expect(invoice).toMatchObject({ status: 'open', attemptCount: attempts });
      expect((await subscriptionRow(sub.id)).status).toBe('Pending_payment');
    }
    await runJobsOnce(t.db, deps, later(12.02));
    [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(invoice).toMatchObject({ status: 'uncollectible', attemptCount: 4 });
    const row = await subscriptionRow(sub.id);
    expect(row.status).toBe('Canceled');
    expect(row.canceledAt).not.toBeNull();
    expect(await invoiceCharges(student.id)).toHaveLength(4);
  });

  it('pays the open invoice when the card is updated', async () => {
    const { client, student, sub } = await inTrial(declineLaterCard());
    await runJobsOnce(t.db, deps, later(7.01));
    expect((await subscriptionRow(sub.id)).status).toBe('Pending_payment');
    const read = await client.get(`/api/user-subscriptions/${sub.id}`);
    expect(read.json().data.payment_notice).toBe('open');
    const { landing } = await payWithCard(client, sub.id, approveCard());
    expect(landing.headers.location).toContain('/subscripcion/exitosa');
    expect((await subscriptionRow(sub.id)).status).toBe('Active');
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.userId, student.id));
    expect(invoice).toMatchObject({ status: 'paid', attemptCount: 2 });
    await runJobsOnce(t.db, deps, later(8.02)); // the retry is no longer due
    expect(await invoiceCharges(student.id)).toHaveLength(2);
  });
});
