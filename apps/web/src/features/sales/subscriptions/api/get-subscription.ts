import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import {
  mySubscriptionsQueryKey,
  subscriptionsQueryKey,
  type Subscription,
} from './get-my-subscriptions.ts';

export const subscriptionQueryKey = (id: number) => [...subscriptionsQueryKey, 'one', id] as const;

/** `GET api/user-subscriptions/{id}`: one subscription with everything the summary shows. */
export async function getSubscription(id: number): Promise<Subscription> {
  return (await api.get<z.infer<typeof SubscriptionResponse>>(`/api/user-subscriptions/${id}`))
    .data;
}

export const subscriptionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: subscriptionQueryKey(id),
    queryFn: () => getSubscription(id),
    staleTime: 30 * 1000,
  });

export function useSubscription(id: number | undefined) {
  return useQuery({
    ...subscriptionQueryOptions(id ?? 0),
    enabled: id !== undefined,
  });
}

/**
 * Keeps what the server (or a page, for the shared state) just said about a subscription: its own
 * entry and, when the student's list is loaded, its row there, so that everything reading the
 * list (the shared subscription state, the trial days) sees it without asking again.
 */
export function rememberSubscription(queryClient: QueryClient, subscription: Subscription): void {
  queryClient.setQueryData(subscriptionQueryKey(subscription.id), subscription);
  queryClient.setQueryData<Subscription[]>(mySubscriptionsQueryKey, (list) => {
    if (!list) return list;
    const isKnown = list.some((row) => row.id === subscription.id);
    // Newest first, as the server lists them: a new subscription has the highest id.
    return isKnown
      ? list.map((row) => (row.id === subscription.id ? subscription : row))
      : [subscription, ...list];
  });
}
