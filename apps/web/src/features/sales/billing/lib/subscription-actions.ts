import type { SubscriptionStatus } from '@ensaya/core/subscriptions/access';

/** What the account table offers a subscription (spec 000, section 4). */
export type SubscriptionAction = 'cancel' | 'activate' | 'subscribe';

const ACTION_BY_STATUS: Record<SubscriptionStatus, SubscriptionAction | null> = {
  Active: 'cancel',
  Pause: 'activate',
  Pending: 'subscribe',
  Pending_payment: 'subscribe',
  Trial: 'subscribe',
  Created: 'subscribe',
  Canceled: null,
};

export function actionFor(status: SubscriptionStatus): SubscriptionAction | null {
  return ACTION_BY_STATUS[status];
}

/**
 * The renewal toggle exists while a paid period runs (on when Active, off when paused) and during a
 * trial, whose renewal is its first charge: turning it off cancels the trial, never charged.
 */
export function hasRenewalToggle(status: SubscriptionStatus): boolean {
  return status === 'Active' || status === 'Pause' || status === 'Trial';
}

/** Statuses that end without access: the student may only buy a package again. */
const ENDING_STATUSES: readonly SubscriptionStatus[] = ['Canceled', 'Pause', 'Trial'];

/**
 * The student has nothing to use or to finish paying (no subscription, or only ended ones): the
 * account offers "See packages". A subscription being paid for (Created, Pending, Pending_payment)
 * has its own action instead.
 */
export function needsPackage(
  subscriptions: ReadonlyArray<{ status: SubscriptionStatus; has_access: boolean }>,
): boolean {
  return subscriptions.every(
    (subscription) => !subscription.has_access && ENDING_STATUSES.includes(subscription.status),
  );
}
