import type {
  ChangePackageRequest,
  CreateSubscriptionRequest,
  SubscriptionListQuery,
} from '@ensaya/core/contracts/subscriptions';
import { hasAccess, routeAfterLogin, trialDaysLeft } from '@ensaya/core/subscriptions/access';
import { canApplyCoupon, PAYABLE_STATUSES } from '@ensaya/core/subscriptions/lifecycle';
import { priceBlock, type Coupon } from '@ensaya/core/subscriptions/pricing';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, fieldError, notFound } from '../../../lib/app-error.ts';
import { presentSubscription, presentSubscriptions } from './present.ts';
import * as repo from './repo.ts';
import { isTrialAvailable } from './trial-claims.ts';

// A student's subscriptions: creating one, reading them, changing the package.

/** A subscription of the student, or 404 (another student's subscription does not exist for them). */
export async function ownSubscription(db: DbOrTx, userId: number, id: number, lock = false) {
  const row = await repo.findSubscription(db, id, { lock });
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

/** The package exists and is for sale, and the subjects are exactly subjects_quantity of its own. */
async function checkChoice(db: DbOrTx, packageId: number, subjectIds: number[]) {
  const pack = await repo.findPackage(db, packageId);
  if (!pack || !pack.isActive) throw fieldError('package_id', 'subscriptions.packageUnknown');
  const unique = [...new Set(subjectIds)];
  const offered = new Set((await repo.listPackageSubjects(db, packageId)).map((s) => s.id));
  if (!unique.every((id) => offered.has(id)))
    throw fieldError('subject_ids', 'subscriptions.subjectsNotInPackage');
  if (unique.length !== pack.subjectsQuantity || unique.length !== subjectIds.length) {
    throw new AppError(422, 'subscriptions.subjectsCount', {
      params: { count: pack.subjectsQuantity },
      fields: { subject_ids: ['subscriptions.subjectsCount'] },
    });
  }
  return { pack, subjectIds: unique };
}

/** The price columns of a subscription from the package price, the region's VAT and a coupon. */
export function priced(priceClp: number, vatPercentage: number, coupon: Coupon | null) {
  const block = priceBlock({ priceClp, vatPercentage, coupon });
  return {
    paymentTax: vatPercentage,
    priceNet: block.net,
    discount: block.discount,
    vat: block.vat,
    total: block.total,
  };
}

/**
 * The trial days a new or changed subscription offers: the package's, unless this student (account,
 * RUT or e-mail) already had a trial of its standard test, in any status since. Without
 * one the first charge is made when the card is registered. The card is checked, and the trial
 * claimed for good, when the card is registered (payments).
 */
async function offeredTrialDays(db: DbOrTx, userId: number, pack: repo.PackageView) {
  if (pack.trialPeriodDays <= 0) return 0;
  return (await isTrialAvailable(db, userId, pack.standardTestId)) ? pack.trialPeriodDays : 0;
}

/**
 * `POST api/user-subscriptions`: the registration wizard's (and renew or add's) subscription, after
 * the address step: status Created, priced with the region's VAT.
 */
export async function createSubscription(
  db: Db,
  userId: number,
  body: CreateSubscriptionRequest,
  now: Date,
) {
  if (body.user_id !== undefined && body.user_id !== userId)
    throw fieldError('user_id', 'subscriptions.notYours');
  return db.transaction(async (tx) => {
    const { pack, subjectIds } = await checkChoice(tx, body.package_id, body.subject_ids);
    const vat = await repo.findUserRegionVat(tx, userId);
    if (vat === undefined) throw fieldError('address', 'subscriptions.addressRequired');
    const row = await repo.insertSubscription(tx, {
      userId,
      packageId: pack.id,
      status: 'Created',
      trialDuration: await offeredTrialDays(tx, userId, pack),
      ...priced(pack.priceClp, vat, null),
    });
    await repo.replaceSubscriptionSubjects(tx, row.id, subjectIds);
    return presentSubscription(tx, row, now);
  });
}

export async function getSubscription(db: Db, userId: number, id: number, now: Date) {
  return presentSubscription(db, await ownSubscription(db, userId, id), now);
}

export async function listSubscriptions(
  db: Db,
  userId: number,
  query: SubscriptionListQuery & { packageId?: number },
  now: Date,
) {
  const { rows, total } = await repo.listUserSubscriptions(db, userId, {
    status: query.status,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: await presentSubscriptions(db, rows, now),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** Where the student goes after login (spec 000 section 4), from their real subscriptions. */
export async function afterLogin(db: Db, userId: number, now: Date) {
  const rows = await repo.listAllUserSubscriptionStatuses(db, userId);
  const first = rows[0];
  const trial = rows.find((row) => row.status === 'Trial');
  return {
    route: routeAfterLogin(rows),
    subscription_id: first?.id ?? null,
    status: first?.status ?? null,
    trial_days_left: trial ? trialDaysLeft(trial.trialStartedAt, trial.trialDuration, now) : 0,
  };
}

/**
 * The shared state's `subscription.standardTest` (spec 000 section 3): for each standard test the
 * student has subscribed to, the subscription that matters most: one giving access, else a trial,
 * else the newest that is not Canceled, else the newest.
 */
export async function standardTestSubscriptions(db: Db, userId: number, now: Date) {
  const rows = await repo.listUserSubscriptionsWithTest(db, userId);
  const rank = (row: (typeof rows)[number]) =>
    hasAccess(row, now) ? 0 : row.status === 'Trial' ? 1 : row.status !== 'Canceled' ? 2 : 3;
  const best = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    const current = best.get(row.standardTestId);
    // Rows come newest first, so on equal rank the first one seen stays.
    if (!current || rank(row) < rank(current)) best.set(row.standardTestId, row);
  }
  return [...best.values()]
    .sort((a, b) => a.standardTestId - b.standardTestId)
    .map((row) => ({
      standard_test_id: row.standardTestId,
      standard_test_name: row.standardTestName,
      subscription_id: row.id,
      status: row.status,
      has_access: hasAccess(row, now),
      subscription_end: row.subscriptionEnd?.toISOString() ?? null,
      trial_days_left:
        row.status === 'Trial' ? trialDaysLeft(row.trialStartedAt, row.trialDuration, now) : 0,
    }));
}

/**
 * Change package: before the first payment the subscription itself changes (and is priced
 * again, keeping its coupon if it has one); afterwards a new Created subscription is made, and the
 * old one stops renewing when the new one is paid for (see payments).
 */
export async function changePackage(
  db: Db,
  userId: number,
  id: number,
  body: ChangePackageRequest,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const current = await ownSubscription(tx, userId, id, true);
    if (current.status === 'Canceled') throw new AppError(422, 'subscriptions.notPayable');
    if (!canApplyCoupon(current.status)) {
      return createSubscription(tx as unknown as Db, userId, { ...body }, now);
    }
    const { pack, subjectIds } = await checkChoice(tx, body.package_id, body.subject_ids);
    const vat = (await repo.findUserRegionVat(tx, userId)) ?? current.paymentTax;
    const promo = current.promoCodeId
      ? await repo.findPromoCodeById(tx, current.promoCodeId)
      : undefined;
    const updated = await repo.updateSubscription(tx, current.id, current.status, {
      packageId: pack.id,
      trialDuration: await offeredTrialDays(tx, userId, pack),
      ...priced(pack.priceClp, vat, promo ? { type: promo.type, value: promo.value } : null),
    });
    await repo.replaceSubscriptionSubjects(tx, current.id, subjectIds);
    return presentSubscription(tx, updated!, now);
  });
}

export function assertPayable(subscription: repo.SubscriptionRow) {
  if (!PAYABLE_STATUSES.includes(subscription.status))
    throw new AppError(422, 'subscriptions.notPayable');
}
