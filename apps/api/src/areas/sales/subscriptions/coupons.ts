import { canApplyCoupon } from '@ensaya/core/subscriptions/lifecycle';
import { priceBlock } from '@ensaya/core/subscriptions/pricing';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { fieldError } from '../../../lib/app-error.ts';
import { presentSubscription } from './present.ts';
import * as repo from './repo.ts';
import { ownSubscription, priced } from './service.ts';

// Coupons: the price with a coupon, and its redemption on a subscription (once per student).

const invalidCoupon = () => fieldError('code', 'subscriptions.couponInvalid');
const usedCoupon = () => fieldError('code', 'subscriptions.couponUsed');

/**
 * A coupon the student may use on this subscription now, or 422: 'Invalid Coupon.', or 'You
 * already used this coupon.'.
 */
async function usableCoupon(
  db: DbOrTx,
  userId: number,
  subscription: repo.SubscriptionRow,
  code: string,
  now: Date,
) {
  if (code.trim() === '') throw fieldError('code', 'subscriptions.couponEmpty');
  const promo = await repo.findPromoCode(db, code);
  const isUsable =
    promo &&
    promo.isActive &&
    promo.validFrom.getTime() <= now.getTime() &&
    (!promo.validUntil || promo.validUntil.getTime() > now.getTime()) &&
    (promo.maxUses === null || promo.redeemedCount < promo.maxUses) &&
    (promo.packageId === null || promo.packageId === subscription.packageId);
  if (!promo || !isUsable) throw invalidCoupon();
  // Once per student (spec 000 section 4; max_uses_per_user, 1 by default). Only a first answer
  // when redeeming: see subscribeWithCode.
  if ((await repo.countUserRedemptions(db, promo.id, userId)) >= promo.maxUsesPerUser)
    throw usedCoupon();
  if (subscription.promoCodeId) throw fieldError('code', 'subscriptions.couponApplied');
  if (!canApplyCoupon(subscription.status)) throw fieldError('code', 'subscriptions.couponLocked');
  return promo;
}

function promoResult(promo: repo.PromoCodeRow, price: ReturnType<typeof priceBlock>) {
  return {
    promocode_type: promo.type,
    promocode_value: promo.value,
    price_net: price.net,
    discount_value: price.discount,
    vat_value: price.vat,
    price_with_discount: price.total,
  };
}

/** `verify-promo-code`: the price with the coupon; nothing is redeemed yet. */
export async function verifyPromoCode(db: Db, userId: number, id: number, code: string, now: Date) {
  const subscription = await ownSubscription(db, userId, id);
  const promo = await usableCoupon(db, userId, subscription, code, now);
  const pack = await repo.findPackage(db, subscription.packageId);
  return promoResult(
    promo,
    priceBlock({
      priceClp: pack!.priceClp,
      vatPercentage: subscription.paymentTax,
      coupon: { type: promo.type, value: promo.value },
    }),
  );
}

/**
 * `subscribe {code}`: redeems the coupon on the subscription (once) and prices it again. An empty
 * code subscribes without a coupon.
 *
 * Requests racing to redeem one coupon for one student (one per subscription, all at once) are
 * settled by the database: taking a use of the coupon locks its row until the transaction ends, so
 * the student's uses are counted again after the redemptions before it were committed, and the
 * use's number (count + 1, at most max_uses_per_user) is unique per coupon and student, which
 * stores a use once even without that lock. A request over the limit answers 'You already used
 * this coupon.' and changes nothing (its transaction is rolled back).
 */
export async function subscribeWithCode(
  db: Db,
  userId: number,
  id: number,
  code: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, id, true);
    if (code.trim() === '') return presentSubscription(tx, subscription, now);
    const promo = await usableCoupon(tx, userId, subscription, code, now);
    if (!(await repo.takePromoUse(tx, promo.id))) throw invalidCoupon();
    const used = await repo.countUserRedemptions(tx, promo.id, userId);
    if (used >= promo.maxUsesPerUser) throw usedCoupon();
    const pack = await repo.findPackage(tx, subscription.packageId);
    const price = priced(pack!.priceClp, subscription.paymentTax, {
      type: promo.type,
      value: promo.value,
    });
    const isRedeemed = await repo.insertRedemption(tx, {
      promoCodeId: promo.id,
      userId,
      userSubscriptionId: subscription.id,
      discount: price.discount,
      useNumber: used + 1,
      redeemedAt: now,
    });
    if (!isRedeemed) throw usedCoupon();
    const updated = await repo.updateSubscription(tx, subscription.id, subscription.status, {
      ...price,
      promoCodeId: promo.id,
    });
    return presentSubscription(tx, updated!, now);
  });
}
