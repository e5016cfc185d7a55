import type { SubscriptionStatus } from './access.ts';

/**
 * The status changes a student may ask for (spec 000 section 4), a small part of the system's
 * `TRANSITIONS`: going to the payment platform (Created -> Pending), cancel (Active -> Pause,
 * renewal off) and activate (Pause -> Active, renewal on, while the period lasts). A trial changes
 * no status: PAUSE and ACTIVE turn its charge at the end off and on (`trialRenewal`). Every other
 * change (a trial, a paid period, a declined charge, an end) happens only through a payment or a job.
 */
export const STUDENT_TRANSITIONS: Readonly<
  Record<SubscriptionStatus, readonly SubscriptionStatus[]>
> = {
  Created: ['Pending'],
  Pending: [],
  Trial: [],
  Active: ['Pause'],
  Pause: ['Active'],
  Pending_payment: [],
  Canceled: [],
};

/** The statuses a student's request may name (set-status, feedback, set-status-pending). */
export type StudentStatusRequest = 'Active' | 'Pause' | 'Pending';

export type StudentStatusDecision =
  /** Already in that status: nothing to do (a repeated click). */
  | { outcome: 'unchanged' }
  /** Change to `to`; `autoRenew` is what renewal becomes, when the change sets it. */
  | { outcome: 'change'; to: SubscriptionStatus; autoRenew?: boolean }
  /** Refused: not a student's change, or a paused period that has ended. */
  | { outcome: 'refused'; reason: 'transition' | 'periodEnded' };

/**
 * Decides a student's request to move a subscription to `to`. Pause -> Active needs the paid period
 * to last (subscription_end not past): activating must not revive an ended period without a payment.
 * Turning renewal off is never refused while Active, so a student can always stop the next charge.
 */
export function decideStudentStatusChange(
  subscription: { status: SubscriptionStatus; subscriptionEnd: Date | null; autoRenew?: boolean },
  to: StudentStatusRequest,
  now: Date,
): StudentStatusDecision {
  if (subscription.status === 'Trial' && to !== 'Pending')
    return trialRenewal(subscription, to, now);
  if (subscription.status === to) return { outcome: 'unchanged' };
  if (!STUDENT_TRANSITIONS[subscription.status].includes(to))
    return { outcome: 'refused', reason: 'transition' };
  if (to === 'Active' && !periodLasts(subscription.subscriptionEnd, now))
    return { outcome: 'refused', reason: 'periodEnded' };
  if (to === 'Pending') return { outcome: 'change', to };
  return { outcome: 'change', to, autoRenew: to === 'Active' };
}

/**
 * Cancelling a trial (docs/architecture.md "A trial gives access"): the student may turn off the charge at the
 * trial's end (PAUSE) and turn it back on (ACTIVE) while the trial lasts. The status stays Trial, so
 * access lasts until the trial ends; a trial that ends with renewal off is canceled, never charged.
 */
function trialRenewal(
  subscription: { subscriptionEnd: Date | null; autoRenew?: boolean },
  to: 'Active' | 'Pause',
  now: Date,
): StudentStatusDecision {
  const autoRenew = to === 'Active';
  if ((subscription.autoRenew ?? true) === autoRenew) return { outcome: 'unchanged' };
  if (!periodLasts(subscription.subscriptionEnd, now))
    return { outcome: 'refused', reason: 'periodEnded' };
  return { outcome: 'change', to: 'Trial', autoRenew };
}

/** The paid period still lasts: its end is known and not past. */
export function periodLasts(subscriptionEnd: Date | null, now: Date): boolean {
  return subscriptionEnd !== null && subscriptionEnd.getTime() >= now.getTime();
}
