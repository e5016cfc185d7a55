import type { PaymentLinkResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

/**
 * `POST api/user-subscriptions-increase {id, isDiscount}`: starts the card enrollment at the payment
 * platform and answers its card page's address at `data[1]` (spec 000, section 7).
 */
export async function createPaymentLink(input: {
  subscriptionId: number;
  isDiscount: boolean;
}): Promise<string> {
  const response = await api.post<z.infer<typeof PaymentLinkResponse>>(
    '/api/user-subscriptions-increase',
    { id: input.subscriptionId, isDiscount: input.isDiscount },
  );
  return response.data[1];
}
