import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSubscriptionResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { invoicesQueryKey } from './get-invoices.ts';
import { userSubscriptionsQueryKey } from './get-subscriptions.ts';

type StatusChange = { id: number; status: 'ACTIVE' | 'PAUSE' };
type StatusChangeResponse = z.infer<typeof MessageSubscriptionResponse>;

/**
 * `POST api/user-subscriptions/set-status`: the renewal toggle (PAUSE turns renewal off, ACTIVE
 * on) and the table's Activate. The answer's `message` is the notice, in the interface language.
 */
export function setSubscriptionStatus(change: StatusChange): Promise<StatusChangeResponse> {
  return api.post<StatusChangeResponse>('/api/user-subscriptions/set-status', change);
}

export function useSetSubscriptionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubscriptionStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userSubscriptionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
