/** Subscription statuses (spec 000, section 4). */
export const SUBSCRIPTION_STATUSES = [
  'Created',
  'Trial',
  'Active',
  'Pause',
  'Pending_payment',
  'Pending',
  'Canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

const DAY_MS = 86_400_000;

/** Statuses that give access until `subscription_end` (then a job charges, renews or ends them). */
export const ACCESS_UNTIL_END_STATUSES = [
  'Trial',
  'Pause',
] as const satisfies readonly SubscriptionStatus[];

/**
 * Access to the subscription's subjects: Active; Pause (renewal off) until its end date (spec 000,
 * section 4); and Trial until the trial ends (docs/architecture.md "A trial gives access": the FAQ promises full
 * access during the trial). A trial's `subscription_end` is its end; a trial that ends unpaid
 * (Pending_payment, Canceled) has no access. The SQL in the API's user-tests/access.ts mirrors this.
 */
export function hasAccess(
  subscription: { status: SubscriptionStatus; subscriptionEnd: Date | null },
  now: Date,
): boolean {
  if (subscription.status === 'Active') return true;
  return (
    (ACCESS_UNTIL_END_STATUSES as readonly SubscriptionStatus[]).includes(subscription.status) &&
    subscription.subscriptionEnd !== null &&
    subscription.subscriptionEnd.getTime() >= now.getTime()
  );
}

/** Trial days left = trial duration minus whole days since the trial started, never below 0. */
export function trialDaysLeft(
  trialStartedAt: Date | null,
  trialDurationDays: number,
  now: Date,
): number {
  if (!trialStartedAt) return trialDurationDays;
  const elapsedDays = Math.floor((now.getTime() - trialStartedAt.getTime()) / DAY_MS);
  return Math.max(0, trialDurationDays - Math.max(0, elapsedDays));
}

export type AfterLoginRoute = '/subscripcion/paquete' | '/factura/detalles' | '/dashboard';

/**
 * Where a student goes after login (spec 000, section 4): no subscriptions -> package selection;
 * a single subscription that is still Created -> its invoice details; anything else -> dashboard.
 */
export function routeAfterLogin(
  subscriptions: ReadonlyArray<{ status: SubscriptionStatus }>,
): AfterLoginRoute {
  if (subscriptions.length === 0) return '/subscripcion/paquete';
  if (subscriptions.length === 1 && subscriptions[0]!.status === 'Created')
    return '/factura/detalles';
  return '/dashboard';
}
