import { useMutation } from '@tanstack/react-query';
import type { PromoResultResponse } from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';

export type PromoResult = z.infer<typeof PromoResultResponse>['data'];

/** `POST api/user-subscriptions/{id}/verify-promo-code`: the price with the coupon; nothing redeemed. */
export async function verifyPromoCode(input: {
  subscriptionId: number;
  code: string;
}): Promise<Partial<PromoResult>> {
  return (
    await api.post<z.infer<typeof PromoResultResponse>>(
      `/api/user-subscriptions/${input.subscriptionId}/verify-promo-code`,
      { code: input.code },
    )
  ).data;
}

export function useVerifyPromoCode() {
  return useMutation({ mutationFn: verifyPromoCode });
}
