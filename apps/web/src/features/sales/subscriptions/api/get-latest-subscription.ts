import type { SubscriptionResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import type { Subscription } from './get-my-subscriptions.ts';

/** `GET api/user-subscriptions/details`: the student's newest subscription (404 without any). */
export async function getLatestSubscription(): Promise<Subscription> {
  return (await api.get<z.infer<typeof SubscriptionResponse>>('/api/user-subscriptions/details'))
    .data;
}
