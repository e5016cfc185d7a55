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

/** The renewal toggle exists while a paid period runs: on when Active, off when paused. */
export function hasRenewalToggle(status: SubscriptionStatus): boolean {
  return status === 'Active' || status === 'Pause';
}
