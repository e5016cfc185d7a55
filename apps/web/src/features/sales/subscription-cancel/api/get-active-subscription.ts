import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionListResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { CancelTarget } from '../lib/cancel-target.ts';
import { userSubscriptionsQueryKey } from './send-feedback.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { inLanguage } from '../../../../lib/localized.ts';

type SubscriptionPage = z.infer<typeof SubscriptionListResponse>;

/**
 * `GET api/user-subscriptions?status=Active`: the newest Active subscription, for a visit to the
 * wizard that did not come from the account table (null when there is none).
 */
export async function getNewestActiveSubscription(): Promise<CancelTarget | null> {
  const page = await api.get<SubscriptionPage>('/api/user-subscriptions', {
    query: { status: 'Active', page: 1, per_page: 1 },
  });
  const newest = page.data[0];
  if (!newest) return null;
  return {
    id: newest.id,
    subscription_end: newest.subscription_end,
    package_name: inLanguage(newest.package.name, newest.package.name_en, currentLanguage()),
    all_subjects: newest.all_subjects,
    subjects: newest.subjects.map((subject) => subject.name),
  };
}

export const newestActiveSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: [...userSubscriptionsQueryKey, 'newest-active'] as const,
    queryFn: getNewestActiveSubscription,
  });

export function useNewestActiveSubscription(isNeeded: boolean) {
  return useQuery({ ...newestActiveSubscriptionQueryOptions(), enabled: isNeeded });
}
