/**
 * Query keys several features share. Every read of `api/user-subscriptions...` (the account's
 * table, the subscribe flow, the trial banner, the cancel wizard) is cached under this first key
 * part, so a change made anywhere refreshes them all with one invalidation.
 */
export const userSubscriptionsQueryKey = ['user-subscriptions'] as const;
