import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { Subscription } from './get-my-subscriptions.ts';
import { rememberSubscription } from './get-subscription.ts';

/**
 * `POST api/user-subscriptions/{id}/subscribe {code}`: redeems the coupon on the subscription
 * (once) and answers it priced again.
 */
export async function applyPromoCode(input: {
  subscriptionId: number;
  code: string;
}): Promise<Subscription> {
  return (
    await api.post<z.infer<typeof SubscriptionResponse>>(
      `/api/user-subscriptions/${input.subscriptionId}/subscribe`,
      { code: input.code },
    )
  ).data;
}

export function useApplyPromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPromoCode,
    onSuccess: (subscription) => rememberSubscription(queryClient, subscription),
  });
}
