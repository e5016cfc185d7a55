import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { userSubscriptionsQueryKey } from '../../../../lib/query-keys.ts';

export type SubscriptionPage = z.infer<typeof SubscriptionListResponse>;
export type SubscriptionRow = SubscriptionPage['data'][number];

export const SUBSCRIPTIONS_PAGE_SIZE = 10;

export { userSubscriptionsQueryKey };

/** `GET api/user-subscriptions`: one page of the student's subscriptions, newest first. */
export function getSubscriptions(page: number): Promise<SubscriptionPage> {
  return api.get<SubscriptionPage>('/api/user-subscriptions', {
    query: { page, per_page: SUBSCRIPTIONS_PAGE_SIZE },
  });
}

export const subscriptionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...userSubscriptionsQueryKey, 'list', { page }] as const,
    queryFn: () => getSubscriptions(page),
    placeholderData: keepPreviousData,
  });

export function useSubscriptions(page: number) {
  return useQuery(subscriptionsQueryOptions(page));
}
