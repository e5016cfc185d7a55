import type { SubscriptionStatus } from './access.ts';

/**
 * The subscription lifecycle (spec 000 section 4, docs/architecture.md "Payments"). The server checks every
 * status change against this table; anything else is refused and changes nothing. It is the
 * system's table (payments and jobs): what a student may ask for is `STUDENT_TRANSITIONS`.
 *
 * - Created: subscribed, no card yet. Pending: the student went to the payment platform.
 * - Trial: card stored, trial running (its end charges the card).
 * - Active: paid for the current period; renews at its end unless renewal is off.
 * - Pause: renewal turned off (cancel flow or toggle); access until subscription_end.
 * - Pending_payment: a charge was declined; the invoice is open and retried.
 * - Canceled: the last retry failed, or a paused period ended. Final: renewing makes a new one.
 */
export const TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  Created: ['Pending', 'Trial', 'Active', 'Pending_payment', 'Canceled'],
  Pending: ['Trial', 'Active', 'Pending_payment', 'Canceled'],
  Trial: ['Active', 'Pending_payment', 'Canceled'],
  Active: ['Pause', 'Pending_payment', 'Canceled'],
  Pause: ['Active', 'Canceled'],
  Pending_payment: ['Active', 'Canceled'],
  Canceled: [],
};

export function canTransition(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Statuses whose student may still pay (a card enrollment, a new card for an open invoice). */
export const PAYABLE_STATUSES: readonly SubscriptionStatus[] = [
  'Created',
  'Pending',
  'Trial',
  'Pending_payment',
  'Active',
  'Pause',
];

/** A coupon changes the price only before the first charge. */
export function canApplyCoupon(status: SubscriptionStatus): boolean {
  return status === 'Created' || status === 'Pending';
}

const DAY_MS = 86_400_000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Trial end = trial start plus the trial days (spec 000, section 9). */
export const trialEnd = (trialStartedAt: Date, trialDays: number) =>
  addDays(trialStartedAt, trialDays);

/** A paid period lasts the package's duration in days. */
export const periodEnd = (periodStart: Date, durationDays: number) =>
  addDays(periodStart, durationDays);

/** The trial-ending mail goes this many days before the trial ends. */
export const TRIAL_NOTICE_DAYS = 3;

/**
 * Dunning: after the first declined charge on the due date, retries this many days after it. The
 * charge after the last retry failing makes the invoice uncollectible and cancels the subscription.
 */
export const RETRY_SCHEDULE_DAYS: readonly number[] = [1, 3, 5];

/**
 * When to retry an invoice after `failedAttempts` declined charges (1 = the first charge), counted
 * from its due date; null when no retry is left.
 */
export function nextRetryAt(dueAt: Date, failedAttempts: number): Date | null {
  const days = RETRY_SCHEDULE_DAYS[failedAttempts - 1];
  return days === undefined ? null : addDays(dueAt, days);
}

/** What a declined charge does to an invoice: retry later, or give up. */
export function afterDecline(
  dueAt: Date,
  failedAttempts: number,
): { invoice: 'open'; retryAt: Date } | { invoice: 'uncollectible'; retryAt: null } {
  const retryAt = nextRetryAt(dueAt, failedAttempts);
  return retryAt ? { invoice: 'open', retryAt } : { invoice: 'uncollectible', retryAt: null };
}

/** The amount of the card validation charge, made and refunded at enrollment (spec 000, §1). */
export const CARD_VALIDATION_AMOUNT = '1784.64';
