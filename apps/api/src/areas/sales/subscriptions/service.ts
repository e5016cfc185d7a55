import type {
  ChangePackageRequest,
  CreateSubscriptionRequest,
  FeedbackRequest,
  SubscriptionListQuery,
} from '@ensaya/core/contracts/subscriptions';
import type { Language } from '@ensaya/core/i18n/language';
import type { MessageKey } from '@ensaya/core/i18n/messages';
import { hasAccess, routeAfterLogin, trialDaysLeft } from '@ensaya/core/subscriptions/access';
import { canApplyCoupon, PAYABLE_STATUSES } from '@ensaya/core/subscriptions/lifecycle';
import {
  decideStudentStatusChange,
  type StudentStatusDecision,
  type StudentStatusRequest,
} from '@ensaya/core/subscriptions/student-transitions';
import { feedbackAnswerProblem } from '@ensaya/core/subscriptions/feedback';
import { priceBlock, type Coupon } from '@ensaya/core/subscriptions/pricing';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, fieldError, notFound, type Message } from '../../../lib/app-error.ts';
import { findFeedbackBuilder } from '../../platform/index.ts';
import { dayMonthYear, mailStudent, moveTo, type BillingDeps } from './billing.ts';
import { presentPackage, presentSubscription, presentSubscriptions } from './present.ts';
import * as repo from './repo.ts';
import { isTrialAvailable, usedTrialTests } from './trial-claims.ts';

// --- Packages (public) ------------------------------------------------------------------------------

/**
 * The packages for sale; for a signed-in student, each says whether a trial is still offered to
 * them (the price table promised a trial to students who had had theirs).
 */
export async function listPackages(db: Db, standardTestId?: number, userId?: number) {
  const packs = (await repo.listPackages(db, standardTestId)).map(presentPackage);
  if (userId === undefined) return packs;
  const used = await usedTrialTests(db, userId);
  return packs.map((pack) => ({ ...pack, trial_available: !used.has(pack.standard_test_id) }));
}

async function activePackage(db: DbOrTx, id: number) {
  const pack = await repo.findPackage(db, id);
  if (!pack || !pack.isActive) throw notFound();
  return pack;
}

export async function getPackage(db: Db, id: number) {
  return presentPackage(await activePackage(db, id));
}

/** `api/packages/{id}/max-subjects`: {id} is the standard test's (spec 000 section 7). */
export async function maxSubjects(db: Db, standardTestId: number) {
  const test = await repo.findStandardTest(db, standardTestId);
  if (!test) throw notFound();
  return [{ standard_test_id: test.id, maxSubjects: test.maxSubjects }];
}

export async function packageSubjects(db: Db, packageId: number) {
  await activePackage(db, packageId);
  return (await repo.listPackageSubjects(db, packageId)).map((subject) => ({
    id: subject.id,
    name: subject.name,
    description: subject.description,
    description_en: subject.descriptionEn,
    standard_test_id: subject.standardTestId,
  }));
}

// --- Subscriptions ------------------------------------------------------------------------------------

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
function priced(priceClp: number, vatPercentage: number, coupon: Coupon | null) {
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

// --- Coupons ------------------------------------------------------------------------------------------

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

// --- Status changes ------------------------------------------------------------------------------------

/**
 * A status change the student asked for, decided by core's student table (never the system's whole
 * table, which payments and jobs use). Refused: 422 naming both statuses, nothing changed.
 */
function studentDecision(
  subscription: repo.SubscriptionRow,
  to: StudentStatusRequest,
  now: Date,
): Exclude<StudentStatusDecision, { outcome: 'refused' }> {
  const decision = decideStudentStatusChange(subscription, to, now);
  if (decision.outcome !== 'refused') return decision;
  const message: Message =
    decision.reason === 'periodEnded'
      ? { key: 'subscriptions.periodEnded' }
      : {
          key: 'subscriptions.studentTransitionRefused',
          params: {
            from: { key: `subscriptions.statusName.${subscription.status}` },
            to: { key: `subscriptions.statusName.${to}` },
          },
        };
  throw new AppError(422, message.key, { params: message.params, fields: { status: [message] } });
}

/** Makes a student's status change on the locked row; the same status again changes nothing. */
async function studentMove(
  tx: DbOrTx,
  subscription: repo.SubscriptionRow,
  to: StudentStatusRequest,
  now: Date,
): Promise<{ row: repo.SubscriptionRow; isChanged: boolean }> {
  const decision = studentDecision(subscription, to, now);
  if (decision.outcome === 'unchanged') return { row: subscription, isChanged: false };
  const values = decision.autoRenew === undefined ? {} : { autoRenew: decision.autoRenew };
  return { row: await moveTo(tx, subscription, decision.to, values), isChanged: true };
}

/** `set-status-pending`: Created -> Pending, the student is on the way to the payment platform. */
export async function setStatusPending(db: Db, userId: number, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, id, true);
    const { row } = await studentMove(tx, subscription, 'Pending', now);
    return presentSubscription(tx, row, now);
  });
}

/**
 * The renewal toggle and the activate action: PAUSE turns renewal off (Active -> Pause, access
 * until the end), ACTIVE turns it back on (Pause -> Active) while the period has not ended.
 */
export async function setStatus(
  db: Db,
  deps: BillingDeps,
  userId: number,
  id: number,
  status: 'Active' | 'Pause',
  now: Date,
): Promise<{ subscription: Awaited<ReturnType<typeof presentSubscription>>; message: Message }> {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, id, true);
    const { row, isChanged } = await studentMove(tx, subscription, status, now);
    const isTrial = row.status === 'Trial';
    if (isChanged) {
      await mailStudent(tx, deps.appUrl, row, renewalMail(status, isTrial), {
        date: dayMonthYear(row.subscriptionEnd),
      });
    }
    return {
      subscription: await presentSubscription(tx, row, now),
      message: renewalMessage(status, isTrial, row.subscriptionEnd),
    };
  });
}

function renewalMail(status: 'Active' | 'Pause', isTrial: boolean) {
  if (status === 'Active') return 'subscription-reactivated' as const;
  return isTrial ? ('trial-canceled' as const) : ('renewal-off' as const);
}

/** A trial's renewal is its first charge: turning it off cancels the trial (nothing is charged). */
function renewalMessage(status: 'Active' | 'Pause', isTrial: boolean, end: Date | null): Message {
  const date = { date: dayMonthYear(end) };
  if (isTrial) {
    return status === 'Active'
      ? { key: 'subscriptions.trialResumed', params: date }
      : { key: 'subscriptions.trialCanceled', params: date };
  }
  return status === 'Active'
    ? { key: 'subscriptions.renewalOn' }
    : { key: 'subscriptions.renewalOff', params: date };
}

/**
 * The cancel wizard's feedback (spec 000 sections 4 and 5): answers are checked against the
 * `feedback_builder` questions (required ones answered, radio answers among the options, a
 * textarea at most 500 characters), stored with the questions as asked, and the subscription goes
 * to Pause: renewal off, access until its end.
 */
export async function saveFeedback(
  db: Db,
  deps: BillingDeps,
  userId: number,
  body: FeedbackRequest,
  language: Language,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const subscription = await ownSubscription(tx, userId, body.id, true);
    // The cancel flow is the student's Active -> Pause (or a trial's cancel): refused before the
    // answers are read.
    studentDecision(subscription, 'Pause', now);
    const questions = await findFeedbackBuilder(tx);
    const errors: Record<string, MessageKey[] | Message[]> = {};
    const known = new Set(questions.map((question) => question.key));
    for (const key of Object.keys(body.feedback)) {
      if (!known.has(key)) errors[`feedback.${key}`] = ['subscriptions.feedbackUnknown'];
    }
    const answers = [];
    for (const question of questions) {
      const answer = (body.feedback[question.key] ?? '').trim();
      const problem = feedbackAnswerProblem(question, answer);
      if (problem) errors[`feedback.${question.key}`] = [problem];
      if (answer === '') continue;
      answers.push({
        key: question.key,
        field_type: question.field_type,
        question: question.question[language],
        answer,
      });
    }
    if (Object.keys(errors).length > 0)
      throw new AppError(422, 'error.validation', { fields: errors });
    const { row: paused, isChanged } = await studentMove(tx, subscription, 'Pause', now);
    // Sent again (a double click) on a paused subscription: the first answers stay, once.
    if (isChanged) {
      await repo.insertFeedback(tx, {
        userSubscriptionId: subscription.id,
        userId,
        answers,
        createdAt: now,
      });
      await mailStudent(tx, deps.appUrl, paused, renewalMail('Pause', paused.status === 'Trial'), {
        date: dayMonthYear(paused.subscriptionEnd),
      });
    }
    const date = { date: dayMonthYear(paused.subscriptionEnd) };
    return {
      subscription: await presentSubscription(tx, paused, now),
      message: (paused.status === 'Trial'
        ? { key: 'subscriptions.trialCanceled', params: date }
        : { key: 'subscriptions.feedbackSaved', params: date }) satisfies Message,
    };
  });
}

export async function feedbackBuilder(db: Db) {
  return findFeedbackBuilder(db);
}

export function assertPayable(subscription: repo.SubscriptionRow) {
  if (!PAYABLE_STATUSES.includes(subscription.status))
    throw new AppError(422, 'subscriptions.notPayable');
}

// --- Invoices --------------------------------------------------------------------------------------------

export async function listInvoices(
  db: Db,
  userId: number,
  query: { page: number; per_page: number },
) {
  const { rows, total } = await repo.listUserInvoices(db, userId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map(({ invoice, packageName, packageNameEn }) => ({
      id: invoice.id,
      number: invoice.number,
      subscription_id: invoice.userSubscriptionId,
      package_name: packageName,
      package_name_en: packageNameEn,
      period_start: invoice.periodStart.toISOString(),
      period_end: invoice.periodEnd.toISOString(),
      net: invoice.net,
      discount: invoice.discount,
      vat: invoice.vat,
      total: invoice.total,
      status: invoice.status,
      attempt_count: invoice.attemptCount,
      next_attempt_at: invoice.nextAttemptAt?.toISOString() ?? null,
      paid_at: invoice.paidAt?.toISOString() ?? null,
      created_at: invoice.createdAt.toISOString(),
    })),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}
