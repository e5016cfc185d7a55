import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AfterLoginResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AfterLogin = z.infer<typeof AfterLoginResponse>['data'];

/**
 * Reads of `api/user-subscriptions...` are cached under this first key part across the app, so a
 * status change anywhere (subscribing, cancelling) refreshes the banner too.
 */
const userSubscriptionsQueryKey = ['user-subscriptions'] as const;

/** `GET api/user-subscriptions/after-login`: the status that matters and the trial days left. */
export async function getAfterLogin(): Promise<AfterLogin> {
  return (await api.get<z.infer<typeof AfterLoginResponse>>('/api/user-subscriptions/after-login'))
    .data;
}

export const afterLoginQueryOptions = () =>
  queryOptions({
    queryKey: [...userSubscriptionsQueryKey, 'after-login'] as const,
    queryFn: getAfterLogin,
    // The days left change once a day; moving between pages need not ask again.
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
  });

export function useAfterLogin(isEnabled: boolean) {
  return useQuery({ ...afterLoginQueryOptions(), enabled: isEnabled });
}
