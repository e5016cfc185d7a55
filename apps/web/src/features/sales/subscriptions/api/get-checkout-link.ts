import type { PaymentLinkResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/**
 * `GET api/user-subscriptions/{id}/increase-checkout-link`: the payment link of an existing
 * subscription (a new card for it), at index 1 as well.
 */
export async function getCheckoutLink(subscriptionId: number): Promise<string> {
  const response = await api.get<z.infer<typeof PaymentLinkResponse>>(
    `/api/user-subscriptions/${subscriptionId}/increase-checkout-link`,
  );
  return response.data[1];
}
