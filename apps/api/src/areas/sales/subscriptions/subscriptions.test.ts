import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';
import { promoRedemptions, userSubscriptions } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import {
  approveCard,
  createCoupon,
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

async function setStatus(id: number, status: SubscriptionStatus, end?: Date) {
  await t.db
    .update(userSubscriptions)
    .set({ status, subscriptionEnd: end ?? new Date(Date.now() + 10 * DAY) })
    .where(eq(userSubscriptions.id, id));
}

describe('packages', () => {
  it('lists the price table publicly with max subjects', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const client = new TestClient(t.app);
    const list = await client.get('/api/packages');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((p: { id: number }) => p.id === pack.id);
    expect(row).toMatchObject({
      name: pack.name,
      duration: 30,
      price: 9990,
      subjects_quantity: 2,
      trial_period_days: 7,
      standard_test_id: 1,
    });
    expect((await client.get(`/api/packages/${pack.id}/subjects`)).json().data).toHaveLength(3);
    expect(subjectIds).toHaveLength(3);
    const max = await client.get('/api/packages/1/max-subjects');
    expect(max.json().data[0].maxSubjects).toBeGreaterThan(0);
    expect((await client.get('/api/packages/999999')).statusCode).toBe(404);
  });
});

describe('creating a subscription', () => {
  it('makes it Created, priced with the region VAT', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const response = await client.post('/api/user-subscriptions', {
      package_id: pack.id,
      user_id: student.id,
      subject_ids: subjectIds.slice(0, 2),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      status: 'Created',
      trial_duration: 7,
      trial_days_left: 7,
      auto_renew: true,
      payment_tax: 19,
      price: { price: 9990, discount: 0, net: 8395, vat: 1595, total: 9990 },
    });
    const after = await client.get('/api/user-subscriptions/after-login');
    expect(after.json().data).toMatchObject({ route: '/factura/detalles', status: 'Created' });
  });

  it('refuses a bad package, foreign subjects, a wrong count, no address, another user', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const other = await createPackage(t.db);
    const { client, student } = await signedInStudent(t);
    const post = (body: object) => client.post('/api/user-subscriptions', body);
    const unknown = await post({ package_id: 999999, subject_ids: subjectIds.slice(0, 2) });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.package_id).toBeDefined();
    const foreign = await post({
      package_id: pack.id,
      subject_ids: [subjectIds[0], other.subjectIds[0]],
    });
    expect(foreign.json().errors.subject_ids).toBeDefined();
    const count = await post({ package_id: pack.id, subject_ids: subjectIds });
    expect(count.statusCode).toBe(422);
    expect(count.json().message).toContain('2');
    const twice = await post({ package_id: pack.id, subject_ids: [subjectIds[0], subjectIds[0]] });
    expect(twice.statusCode).toBe(422);
    const notMe = await post({
      package_id: pack.id,
      user_id: student.id + 1,
      subject_ids: subjectIds.slice(0, 2),
    });
    expect(notMe.statusCode).toBe(422);
    const homeless = await signedInStudent(t, { address: false });
    const noAddress = await homeless.client.post('/api/user-subscriptions', {
      package_id: pack.id,
      subject_ids: subjectIds.slice(0, 2),
    });
    expect(noAddress.json().errors.address).toBeDefined();
    const list = await client.get('/api/user-subscriptions');
    expect(list.json().meta.total).toBe(0);
    expect((await new TestClient(t.app).get('/api/user-subscriptions')).statusCode).toBe(401);
  });
});

describe('coupons', () => {
  it('verifies, applies once, and prices with the discount', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const coupon = await createCoupon(t.db, { type: 'amount', value: 2000 });
    const { client, student } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const verify = await client.post(`/api/user-subscriptions/${sub.id}/verify-promo-code`, {
      code: ` ${coupon.code.toLowerCase()} `,
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data).toEqual({
      promocode_type: 'amount',
      promocode_value: 2000,
      price_net: 6714,
      discount_value: 2000,
      vat_value: 1276,
      price_with_discount: 7990,
    });
    const apply = await client.post(`/api/user-subscriptions/${sub.id}/subscribe`, {
      code: coupon.code,
    });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json().data.price).toMatchObject({ total: 7990, discount: 2000 });
    expect(apply.json().data.coupon.code).toBe(coupon.code);
    // Once per student, also on another subscription.
    const second = await createSubscription(client, pack.id, subjectIds.slice(1, 3));
    const again = await client.post(`/api/user-subscriptions/${second.id}/verify-promo-code`, {
      code: coupon.code,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['Ya usaste este cupón.']);
    const redemptions = await t.db
      .select()
      .from(promoRedemptions)
      .where(eq(promoRedemptions.userId, student.id));
    expect(redemptions).toHaveLength(1);
  });

  it("answers 'Invalid Coupon.' for unknown, expired and exhausted codes, and asks for a code", async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const expired = await createCoupon(t.db, { validUntil: new Date('2021-01-01T00:00:00Z') });
    const exhausted = await createCoupon(t.db, { maxUses: 1, redeemedCount: 1 });
    const inactive = await createCoupon(t.db, { isActive: false });
    const { client } = await signedInStudent(t);
    client.language = 'en';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    for (const code of ['NOPE', expired.code, exhausted.code, inactive.code]) {
      const response = await client.post(`/api/user-subscriptions/${sub.id}/verify-promo-code`, {
        code,
      });
      expect(response.statusCode, code).toBe(422);
      expect(response.json().errors.code).toEqual(['Invalid Coupon.']);
    }
    const empty = await client.post(`/api/user-subscriptions/${sub.id}/verify-promo-code`, {
      code: '  ',
    });
    expect(empty.json().errors.code).toEqual(['You must enter a code']);
  });
});

describe('payment and status', () => {
  it("refuses another student's subscription with 404", async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const owner = await signedInStudent(t);
    const sub = await createSubscription(owner.client, pack.id, subjectIds.slice(0, 2));
    const intruder = await signedInStudent(t);
    for (const response of [
      await intruder.client.post('/api/user-subscriptions-increase', { id: sub.id }),
      await intruder.client.get(`/api/user-subscriptions/${sub.id}`),
      await intruder.client.get(`/api/user-subscriptions/${sub.id}/increase-checkout-link`),
      await intruder.client.post('/api/user-subscriptions/set-status', {
        id: sub.id,
        status: 'PAUSE',
      }),
      await intruder.client.post(`/api/user-subscriptions/${sub.id}/subscribe`, { code: '' }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
  });

  it('starts the trial when the card is enrolled', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const pending = await client.post('/api/user-subscriptions/set-status-pending', { id: sub.id });
    expect(pending.json().data.status).toBe('Pending');
    const { landing } = await payWithCard(client, sub.id, approveCard());
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toContain('/confirmacion?subscription=');
    const read = (await client.get(`/api/user-subscriptions/${sub.id}`)).json().data;
    expect(read).toMatchObject({ status: 'Trial', trial_days_left: 7, card: { last4: '1111' } });
    expect(read.trial_started_at).not.toBeNull();
    const after = await client.get('/api/user-subscriptions/after-login');
    expect(after.json().data).toMatchObject({ route: '/dashboard', trial_days_left: 7 });
  });

  it('answers per standard test the subscription that matters, and its payment link', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    expect((await client.get('/api/user-subscriptions/standard-test')).json().data).toEqual([]);
    const older = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    await setStatus(older.id, 'Active');
    const newer = await createSubscription(client, pack.id, subjectIds.slice(1, 3));
    const tests = (await client.get('/api/user-subscriptions/standard-test')).json().data;
    // The newer one is only Created: the Active one is what gives access to the standard test.
    expect(tests).toEqual([
      expect.objectContaining({
        standard_test_id: 1,
        subscription_id: older.id,
        status: 'Active',
        has_access: true,
        trial_days_left: 0,
      }),
    ]);
    const link = await client.get(`/api/user-subscriptions/increase/${newer.id}`);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().data[0]).toBe(newer.id);
    expect(link.json().data[1]).toContain('/sandbox-gateway/enroll?token=');
    const intruder = await signedInStudent(t);
    expect(
      (await intruder.client.get(`/api/user-subscriptions/increase/${newer.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await intruder.client.get('/api/user-subscriptions/standard-test')).json().data,
    ).toEqual([]);
  });

  it('toggles renewal between Active and Pause and refuses other changes with 422', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    client.language = 'en';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const refused = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'PAUSE',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'You cannot change a subscription with status “Created” to “Paused”: you can turn off the renewal of an active subscription or reactivate a paused one; every other change comes with a payment.',
    );
    await setStatus(sub.id, 'Active');
    const paused = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'PAUSE',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({
      status: 'Pause',
      auto_renew: false,
      has_access: true,
    });
    expect(paused.json().message).toMatch(/You keep access until \d\d\/\d\d\/\d{4}/);
    const active = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'ACTIVE',
    });
    expect(active.json().data).toMatchObject({ status: 'Active', auto_renew: true });
    // A paused period that ended cannot be activated.
    await setStatus(sub.id, 'Pause', new Date(Date.now() - DAY));
    const late = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'ACTIVE',
    });
    expect(late.statusCode).toBe(422);
  });
});

describe('cancel feedback', () => {
  it('enforces the required questions and the textarea limit, then pauses', async () => {
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    client.language = 'en';
    const sub = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const builder = await client.get('/api/feedback-builder');
    expect(builder.json().data.length).toBeGreaterThan(0);
    await setStatus(sub.id, 'Active');
    const missing = await client.post('/api/user-subscriptions/feedback', {
      id: sub.id,
      feedback: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors['feedback.reason']).toEqual(['Please answer this question.']);
    expect(missing.json().errors['feedback.improvement']).toBeDefined();
    const bad = await client.post('/api/user-subscriptions/feedback', {
      id: sub.id,
      feedback: { reason: 'bored', improvement: 'x'.repeat(501), nope: 'a' },
    });
    expect(bad.json().errors).toMatchObject({
      'feedback.reason': ['Choose one of the options.'],
      'feedback.improvement': ['Must have at most 500 characters.'],
      'feedback.nope': ['This question is not part of the form.'],
    });
    const [still] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.id, sub.id));
    expect(still!.status).toBe('Active');
    const ok = await client.post('/api/user-subscriptions/feedback', {
      id: sub.id,
      feedback: { reason: 'price', improvement: 'Más ensayos de M2.' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'Pause', auto_renew: false, has_access: true });
    const activate = await client.post('/api/user-subscriptions/set-status', {
      id: sub.id,
      status: 'ACTIVE',
    });
    expect(activate.json().data.status).toBe('Active');
  });
});
