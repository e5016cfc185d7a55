import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import {
  charges,
  invoices,
  mailOutbox,
  subscriptionFeedback,
  userSubscriptions,
} from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  approveCard,
  createPackage,
  createSubscription,
  payWithCard,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ sandboxGatewaySecret: 's'.repeat(32) });
});
afterAll(() => t?.close());

const DAY = 86_400_000;

/** Every state a subscription can be in when a student asks (the period lasting or ended). */
type State = { name: string; status: SubscriptionStatus; endInDays: number | null; renew: boolean };
const STATES: State[] = [
  { name: 'Created', status: 'Created', endInDays: null, renew: true },
  { name: 'Pending', status: 'Pending', endInDays: null, renew: true },
  { name: 'Trial', status: 'Trial', endInDays: 7, renew: true },
  { name: 'Trial, canceled', status: 'Trial', endInDays: 7, renew: false },
  { name: 'Active', status: 'Active', endInDays: 10, renew: true },
  { name: 'Active, period ended', status: 'Active', endInDays: -1, renew: true },
  { name: 'Pause', status: 'Pause', endInDays: 10, renew: false },
  { name: 'Pause, period ended', status: 'Pause', endInDays: -1, renew: false },
  { name: 'Pending_payment', status: 'Pending_payment', endInDays: -1, renew: true },
  { name: 'Canceled', status: 'Canceled', endInDays: -1, renew: false },
];

/**
 * Every request a student can send that names a status: set-status with each status (as the spec
 * spells them, upper-case, and ACTIVE/PAUSE as the enum's title case too), the cancel feedback
 * (Pause) and set-status-pending (Pending).
 */
type Request = {
  name: string;
  url: string;
  body: (id: number) => object;
  to: string;
  /** The route's schema takes it (set-status takes ACTIVE and PAUSE only). */
  isAccepted: boolean;
};
const REQUESTS: Request[] = [
  ...[...SUBSCRIPTION_STATUSES.map((status) => status.toUpperCase()), 'Active', 'Pause'].map(
    (status) => ({
      name: `set-status ${status}`,
      url: '/api/user-subscriptions/set-status',
      body: (id: number) => ({ id, status }),
      to: status.toUpperCase(),
      isAccepted: ['ACTIVE', 'PAUSE'].includes(status.toUpperCase()),
    }),
  ),
  {
    name: 'feedback',
    url: '/api/user-subscriptions/feedback',
    body: (id) => ({ id, feedback: { reason: 'price', improvement: 'Más ensayos.' } }),
    to: 'PAUSE',
    isAccepted: true,
  },
  {
    name: 'set-status-pending',
    url: '/api/user-subscriptions/set-status-pending',
    body: (id) => ({ id }),
    to: 'PENDING',
    isAccepted: true,
  },
];

type Expected =
  | { outcome: 'changed'; status: SubscriptionStatus; renew: boolean }
  | { outcome: 'unchanged' }
  | { outcome: 'refused' }
  | { outcome: 'ended' }
  | { outcome: 'invalid' };

/** The spec's answer, written out by hand (not from core), for each state and request. */
function expected(state: State, request: Request): Expected {
  if (!request.isAccepted) return { outcome: 'invalid' };
  const key = `${state.name} -> ${request.to}`;
  switch (key) {
    case 'Created -> PENDING':
      return { outcome: 'changed', status: 'Pending', renew: true };
    case 'Active -> PAUSE':
    case 'Active, period ended -> PAUSE':
      return { outcome: 'changed', status: 'Pause', renew: false };
    case 'Pause -> ACTIVE':
      return { outcome: 'changed', status: 'Active', renew: true };
    case 'Pause, period ended -> ACTIVE':
      return { outcome: 'ended' };
    // A trial is canceled (no charge at its end) and resumed; its status stays Trial.
    case 'Trial -> PAUSE':
      return { outcome: 'changed', status: 'Trial', renew: false };
    case 'Trial, canceled -> ACTIVE':
      return { outcome: 'changed', status: 'Trial', renew: true };
    case 'Trial -> ACTIVE':
    case 'Trial, canceled -> PAUSE':
    case 'Pending -> PENDING':
    case 'Active -> ACTIVE':
    case 'Active, period ended -> ACTIVE':
    case 'Pause -> PAUSE':
    case 'Pause, period ended -> PAUSE':
      return { outcome: 'unchanged' };
    default:
      return { outcome: 'refused' };
  }
}

const STATUS_NAMES_EN: Record<string, string> = {
  Created: 'Created',
  Trial: 'Trial',
  Active: 'Active',
  Pause: 'Paused',
  Pending_payment: 'Payment pending',
  Pending: 'Pending',
  Canceled: 'Canceled',
  ACTIVE: 'Active',
  PAUSE: 'Paused',
  PENDING: 'Pending',
};

describe('status changes a student asks for', () => {
  it('walks every (state, requested status) pair: the spec’s changes only, nothing else moves', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    client.language = 'en';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    // A stored card: a path that charged or opened an invoice would show in the counts below.
    await payWithCard(client, sub.id, approveCard());

    const row = async () =>
      (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, sub.id)))[0]!;
    const counts = async () => ({
      invoices: (await t.db.select().from(invoices).where(eq(invoices.userId, student.id))).length,
      charges: (await t.db.select().from(charges).where(eq(charges.userId, student.id))).length,
      feedback: (
        await t.db
          .select()
          .from(subscriptionFeedback)
          .where(eq(subscriptionFeedback.userSubscriptionId, sub.id))
      ).length,
      mails: (await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, student.email)))
        .length,
    });

    let walked = 0;
    for (const state of STATES) {
      // The same session from another address per state: the walk stays under the rate limit.
      const caller = new TestClient(t.app, { language: 'en' });
      for (const [name, value] of client.cookies) caller.cookies.set(name, value);
      const view = async () => (await caller.get(`/api/user-subscriptions/${sub.id}`)).json().data;
      for (const request of REQUESTS) {
        const label = `${state.name}: ${request.name}`;
        const end = state.endInDays === null ? null : new Date(Date.now() + state.endInDays * DAY);
        await t.db
          .update(userSubscriptions)
          .set({
            status: state.status,
            autoRenew: state.renew,
            subscriptionStart: end && new Date(end.getTime() - 30 * DAY),
            subscriptionEnd: end,
          })
          .where(eq(userSubscriptions.id, sub.id));
        const before = { row: await row(), counts: await counts(), view: await view() };
        const response = await caller.post(request.url, request.body(sub.id));
        const after = { row: await row(), counts: await counts(), view: await view() };
        const expectation = expected(state, request);
        walked += 1;

        if (expectation.outcome === 'changed') {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
          expect(after.row.status, label).toBe(expectation.status);
          expect(after.row.autoRenew, label).toBe(expectation.renew);
          expect(response.json().data, label).toMatchObject({
            status: expectation.status,
            auto_renew: expectation.renew,
          });
          // Pausing keeps the access the period gives; nothing here starts a period or charges.
          expect(after.row.subscriptionEnd, label).toEqual(before.row.subscriptionEnd);
          expect(after.view.has_access, label).toBe(
            expectation.status !== 'Pending' && (state.endInDays ?? -1) >= 0,
          );
          expect({ invoices: after.counts.invoices, charges: after.counts.charges }, label).toEqual(
            { invoices: before.counts.invoices, charges: before.counts.charges },
          );
          continue;
        }

        if (expectation.outcome === 'unchanged') {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
        } else {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
          const message = response.json().message as string;
          if (expectation.outcome === 'refused') {
            expect(message, label).toBe(
              `You cannot change a subscription with status “${STATUS_NAMES_EN[state.status]}” to “${STATUS_NAMES_EN[request.to]}”: you can turn off the renewal of an active subscription or reactivate a paused one; every other change comes with a payment.`,
            );
          }
          if (expectation.outcome === 'ended')
            expect(message, label).toBe(
              'This subscription has ended. Subscribe again to continue.',
            );
        }
        // Refused, invalid or the same status again: nothing changed, not even a mail.
        expect(after.row, label).toEqual(before.row);
        expect(after.counts, label).toEqual(before.counts);
        expect(after.view.has_access, label).toBe(before.view.has_access);
        expect(after.view.payment_notice, label).toBe(before.view.payment_notice);
      }
    }
    expect(walked).toBe(STATES.length * REQUESTS.length);
  });

  it('refuses Trial -> Pending in Spanish, naming both statuses', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    client.language = 'es';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await payWithCard(client, sub.id, approveCard());
    const response = await client.post('/api/user-subscriptions/set-status-pending', {
      id: sub.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(
      /^No puedes cambiar una suscripción en estado «Prueba» a «Pendiente»/,
    );
    expect(response.json().errors.status).toEqual([response.json().message]);
    const read = (await client.get(`/api/user-subscriptions/${sub.id}`)).json().data;
    // A trial gives access to its subjects until it ends (docs/architecture.md "A trial gives access").
    expect(read).toMatchObject({ status: 'Trial', has_access: true });
  });

  it('cancels a trial in Spanish: access until its end, then canceled without a charge', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    client.language = 'es';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await payWithCard(client, sub.id, approveCard());
    const response = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'PAUSE',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toMatch(/^Cancelaste tu prueba: no se hará ningún cobro/);
    expect(response.json().data).toMatchObject({
      status: 'Trial',
      auto_renew: false,
      has_access: true,
    });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, student.email));
    expect(mails.map((mail) => mail.subject)).toContain('Cancelaste tu prueba de Ensaya');
  });

  it('mails once and stores the cancel answers once when the cancel form is sent twice', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await t.db
      .update(userSubscriptions)
      .set({ status: 'Active', subscriptionEnd: new Date(Date.now() + 10 * DAY) })
      .where(eq(userSubscriptions.id, sub.id));
    const body = { id: sub.id, feedback: { reason: 'price', improvement: 'Más ensayos.' } };
    const [first, second] = [
      await client.post('/api/user-subscriptions/feedback', body),
      await client.post('/api/user-subscriptions/feedback', body),
    ];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().data).toMatchObject({ status: 'Pause', auto_renew: false });
    const stored = await t.db
      .select()
      .from(subscriptionFeedback)
      .where(eq(subscriptionFeedback.userSubscriptionId, sub.id));
    expect(stored).toHaveLength(1);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, student.email));
    expect(mails).toHaveLength(1);
  });
});
