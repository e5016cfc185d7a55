import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePackageRequest,
  SubscriptionResponse,
} from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { Subscription } from './get-my-subscriptions.ts';
import { rememberSubscription } from './get-subscription.ts';

/**
 * `POST api/user-subscriptions/{id}/change-package`: an unpaid subscription changes package and
 * price; a paid one gets a new Created subscription, which is the one answered.
 */
export async function changePackage(input: {
  subscriptionId: number;
  body: ChangePackageRequest;
}): Promise<Subscription> {
  return (
    await api.post<z.infer<typeof SubscriptionResponse>>(
      `/api/user-subscriptions/${input.subscriptionId}/change-package`,
      input.body,
    )
  ).data;
}

export function useChangePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePackage,
    onSuccess: (subscription) => rememberSubscription(queryClient, subscription),
  });
}
