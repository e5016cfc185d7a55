import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Subscription, SubscriptionListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { userSubscriptionsQueryKey } from '../../../../lib/query-keys.ts';

export type { Subscription };

export const subscriptionsQueryKey = userSubscriptionsQueryKey;
export const mySubscriptionsQueryKey = [...subscriptionsQueryKey, 'mine'] as const;

/** A student has a handful of subscriptions; this many covers years of renewals and changes. */
const MANY = 100;

/** `GET api/user-subscriptions`: the student's subscriptions, newest first. */
export async function getMySubscriptions(): Promise<Subscription[]> {
  const response = await api.get<z.infer<typeof SubscriptionListResponse>>(
    '/api/user-subscriptions',
    { query: { page: 1, per_page: MANY } },
  );
  return response.data;
}

export const mySubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: mySubscriptionsQueryKey,
    queryFn: getMySubscriptions,
    staleTime: 60 * 1000,
  });

export function useMySubscriptions(options: { isEnabled?: boolean } = {}) {
  return useQuery({ ...mySubscriptionsQueryOptions(), enabled: options.isEnabled ?? true });
}
