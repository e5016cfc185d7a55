import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AfterLoginResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { Subscription } from './get-my-subscriptions.ts';
import { subscriptionsQueryKey } from './get-my-subscriptions.ts';

/**
 * The shared subscription state (spec 000, section 3; section 4: the status and the trial days
 * left after login, on /confirmacion and on /subscripcion/exitosa): the answer of
 * `GET api/user-subscriptions/after-login`, kept in TanStack Query's cache rather than in a second
 * store. The trial banner reads the very same entry, so what a page stores here shows there at once.
 */
export type SubscriptionState = z.infer<typeof AfterLoginResponse>['data'];

export const subscriptionStateQueryKey = [...subscriptionsQueryKey, 'after-login'] as const;

export async function getSubscriptionState(): Promise<SubscriptionState> {
  return (await api.get<z.infer<typeof AfterLoginResponse>>('/api/user-subscriptions/after-login'))
    .data;
}

export const subscriptionStateQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionStateQueryKey,
    queryFn: getSubscriptionState,
    // The days left change once a day; moving between pages need not ask again.
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: true,
  });

export function useSubscriptionState(isEnabled = true) {
  return useQuery({ ...subscriptionStateQueryOptions(), enabled: isEnabled });
}

/**
 * Stores a subscription's status and trial days left as the student's state (the confirmation
 * pages, after the payment platform: spec 000 screens 4 and 6).
 */
export function storeSubscriptionState(
  queryClient: QueryClient,
  subscription: Pick<Subscription, 'id' | 'status'>,
  trialDaysLeft: number,
): void {
  queryClient.setQueryData<SubscriptionState>(subscriptionStateQueryKey, (state) => ({
    route: state?.route ?? '/dashboard',
    subscription_id: subscription.id,
    status: subscription.status,
    trial_days_left: trialDaysLeft,
  }));
}

/**
 * Where a student goes after login (spec 000, section 4; the server applies core's
 * `routeAfterLogin` to their subscriptions). The invoice details name the subscription.
 */
export function pathAfterLogin(state: SubscriptionState): string {
  return state.route === '/factura/detalles' && state.subscription_id !== null
    ? `${state.route}?subscription=${state.subscription_id}`
    : state.route;
}
