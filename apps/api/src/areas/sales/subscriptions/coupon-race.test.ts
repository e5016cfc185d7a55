import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promoCodes, promoRedemptions, userSubscriptions } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import {
  createCoupon,
  createPackage,
  createSubscription,
  signedInStudent,
} from '../../../test/subscription-fixtures.ts';

// A coupon's limit per student (max_uses_per_user, once by default) holds when
// the redemptions race. With TEST_DATABASE_URL this runs on PostgreSQL, where the pool's
// connections make the race real: the count read first cannot settle it, the unique use number can.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** `count` subscriptions of one student, all Created, the coupon sent to all of them at once. */
async function raceRedemptions(count: number, maxUsesPerUser: number) {
  const coupon = await createCoupon(t.db, { type: 'percent', value: 10, maxUsesPerUser });
  const { client, student } = await signedInStudent(t);
  client.language = 'en';
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const { pack, subjectIds } = await createPackage(t.db);
    ids.push((await createSubscription(client, pack.id, subjectIds.slice(0, 2))).id);
  }
  const responses = await Promise.all(
    ids.map((id) =>
      client.post(`/api/user-subscriptions/${id}/subscribe`, { code: coupon.code.toLowerCase() }),
    ),
  );
  const redemptions = await t.db
    .select()
    .from(promoRedemptions)
    .where(
      and(eq(promoRedemptions.promoCodeId, coupon.id), eq(promoRedemptions.userId, student.id)),
    );
  const [promo] = await t.db.select().from(promoCodes).where(eq(promoCodes.id, coupon.id));
  const rows = await t.db
    .select()
    .from(userSubscriptions)
    .where(inArray(userSubscriptions.id, ids));
  return { coupon, responses, redemptions, promo: promo!, rows };
}

describe('a coupon used by concurrent requests', () => {
  it('is redeemed once of 10 at once; the others are told it was used and change nothing', async () => {
    const { coupon, responses, redemptions, promo, rows } = await raceRedemptions(10, 1);
    const applied = responses.filter((response) => response.statusCode === 200);
    expect(applied).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.code).toEqual(['You already used this coupon.']);
    }
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]!.useNumber).toBe(1);
    expect(promo.redeemedCount).toBe(1);
    const withCoupon = rows.filter((row) => row.promoCodeId === coupon.id);
    expect(withCoupon.map((row) => row.id)).toEqual([applied[0]!.json().data.id]);
    // The others keep the package's price, undiscounted.
    for (const row of rows.filter((candidate) => candidate.promoCodeId === null)) {
      expect([row.discount, row.total]).toEqual([0, 9990]);
    }
  });

  it('is redeemed N times of 10 at once when a student may use it N times', async () => {
    const { responses, redemptions, promo } = await raceRedemptions(10, 3);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    expect(redemptions.map((redemption) => redemption.useNumber).sort()).toEqual([1, 2, 3]);
    expect(promo.redeemedCount).toBe(3);
  });

  it('is held by the database: a use number of a student and a coupon is stored once', async () => {
    const { redemptions } = await raceRedemptions(1, 1);
    const [first] = redemptions;
    const { pack, subjectIds } = await createPackage(t.db);
    const { client } = await signedInStudent(t);
    const other = await createSubscription(client, pack.id, subjectIds.slice(0, 2));
    const refused = await t.db
      .insert(promoRedemptions)
      .values({
        promoCodeId: first!.promoCodeId,
        userId: first!.userId,
        userSubscriptionId: other.id,
        discount: 0,
        useNumber: 1,
      })
      .then(
        () => undefined,
        (error: { cause?: { constraint?: string }; constraint?: string }) =>
          (error.cause ?? error).constraint,
      );
    expect(refused).toBe('promo_redemptions_promo_user_use_unique');
  });
});
