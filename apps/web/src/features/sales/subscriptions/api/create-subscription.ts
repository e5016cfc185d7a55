import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateSubscriptionRequest,
  SubscriptionResponse,
} from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { Subscription } from './get-my-subscriptions.ts';
import { rememberSubscription } from './get-subscription.ts';

/** `POST api/user-subscriptions`: subscribes to a package with its subjects; status Created. */
export async function createSubscription(body: CreateSubscriptionRequest): Promise<Subscription> {
  return (await api.post<z.infer<typeof SubscriptionResponse>>('/api/user-subscriptions', body))
    .data;
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubscription,
    onSuccess: (subscription) => rememberSubscription(queryClient, subscription),
  });
}
