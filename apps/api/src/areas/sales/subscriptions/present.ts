import type { Subscription } from '@ensaya/core/contracts/subscriptions';
import { hasAccess, trialDaysLeft } from '@ensaya/core/subscriptions/access';
import { trialEnd } from '@ensaya/core/subscriptions/lifecycle';
import { includesAllSubjects } from '@ensaya/core/subscriptions/subjects';
import type { DbOrTx } from '../../../db/client.ts';
import * as repo from './repo.ts';
import { subscriptionsWithTrialUsed } from './trial-claims.ts';

/** Waiting for the card: registering one starts the trial, or charges when none applies. */
const isBeforeCard = (row: repo.SubscriptionRow) =>
  row.status === 'Created' || row.status === 'Pending';

export const presentPackage = (row: repo.PackageView) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  name_en: row.nameEn,
  description_en: row.descriptionEn,
  duration: row.durationDays,
  price: row.priceClp,
  subjects_quantity: row.subjectsQuantity,
  standard_test_id: row.standardTestId,
  trial_period_days: row.trialPeriodDays,
  max_subjects: row.maxSubjects,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The spec's payment notices: open (declined, retrying), uncollectible, pause, renewal. */
function paymentNotice(
  row: repo.SubscriptionRow,
  invoiceStatuses: string[],
): Subscription['payment_notice'] {
  if (row.status === 'Pending_payment' || invoiceStatuses[0] === 'open') return 'open';
  if (row.status === 'Canceled' && invoiceStatuses[0] === 'uncollectible') return 'uncollectible';
  if (row.status === 'Pause') return 'pause';
  return null;
}

/** Subscriptions as the API shows them, with package, subjects, price, card and notices. */
export async function presentSubscriptions(
  db: DbOrTx,
  rows: repo.SubscriptionRow[],
  now: Date,
): Promise<Subscription[]> {
  const details = await repo.subscriptionDetails(db, rows);
  if (!details) return [];
  const waiting = rows.filter(isBeforeCard);
  const trialUsed = waiting.length
    ? await subscriptionsWithTrialUsed(
        db,
        waiting.map((row) => {
          const card = row.paymentMethodId ? details.methods.get(row.paymentMethodId) : undefined;
          return {
            id: row.id,
            userId: row.userId,
            standardTestId: details.packages.get(row.packageId)!.standardTestId,
            card: card ? { gateway: card.gateway, fingerprint: card.fingerprint } : null,
          };
        }),
      )
    : new Set<number>();
  return rows.map((row) => {
    const pack = details.packages.get(row.packageId)!;
    const subjects = details.subjects
      .filter((subject) => subject.subscriptionId === row.id)
      .map(({ id, name }) => ({ id, name }));
    const promo = row.promoCodeId ? details.promoCodes.get(row.promoCodeId) : undefined;
    const card = row.paymentMethodId ? details.methods.get(row.paymentMethodId) : undefined;
    const ownInvoices = details.invoices.filter((invoice) => invoice.subscriptionId === row.id);
    const invoiceStatuses = ownInvoices.map((invoice) => invoice.status);
    const open = ownInvoices.find((invoice) => invoice.status === 'open');
    const isTrialUsed = isBeforeCard(row) && trialUsed.has(row.id);
    const isTrialAvailable = isBeforeCard(row) && row.trialDuration > 0 && !isTrialUsed;
    const trialDays = row.trialStartedAt
      ? trialDaysLeft(row.trialStartedAt, row.trialDuration, now)
      : isTrialAvailable
        ? row.trialDuration
        : 0;
    return {
      id: row.id,
      user_id: row.userId,
      package_id: row.packageId,
      status: row.status,
      auto_renew: row.autoRenew,
      trial_started_at: iso(row.trialStartedAt),
      trial_duration: row.trialDuration,
      trial_ends_at: row.trialStartedAt
        ? iso(trialEnd(row.trialStartedAt, row.trialDuration))
        : null,
      trial_days_left: row.status === 'Trial' || row.status === 'Created' ? trialDays : 0,
      trial_available: isTrialAvailable,
      trial_used: isTrialUsed,
      subscription_start: iso(row.subscriptionStart),
      subscription_end: iso(row.subscriptionEnd),
      payment_tax: row.paymentTax,
      has_access: hasAccess(row, now),
      subject_ids: subjects.map((subject) => subject.id),
      subjects,
      all_subjects: includesAllSubjects(pack.subjectsQuantity, pack.maxSubjects),
      package: {
        id: pack.id,
        name: pack.name,
        name_en: pack.nameEn,
        duration: pack.durationDays,
        price: pack.priceClp,
        subjects_quantity: pack.subjectsQuantity,
        standard_test_id: pack.standardTestId,
        trial_period_days: pack.trialPeriodDays,
      },
      price: {
        price: row.total + row.discount,
        discount: row.discount,
        net: row.priceNet,
        vat: row.vat,
        total: row.total,
        vat_percentage: row.paymentTax,
      },
      coupon: promo ? { code: promo.code, type: promo.type, value: promo.value } : null,
      card: card ? { brand: card.brand, last4: card.last4 } : null,
      payment_notice: paymentNotice(row, invoiceStatuses),
      open_invoice: open
        ? {
            id: open.id,
            number: open.number,
            total: open.total,
            attempt_count: open.attemptCount,
            next_attempt_at: iso(open.nextAttemptAt),
          }
        : null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function presentSubscription(db: DbOrTx, row: repo.SubscriptionRow, now: Date) {
  return (await presentSubscriptions(db, [row], now))[0]!;
}
