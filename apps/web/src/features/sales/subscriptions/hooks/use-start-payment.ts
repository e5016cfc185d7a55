import { useMutation } from '@tanstack/react-query';
import { StorageKey } from '@ensaya/core/storage-keys';
import { showApiError } from '../../../../lib/api-client.ts';
import { writeStored } from '../../../../lib/storage.ts';
import { createPaymentLink } from '../api/create-payment-link.ts';
import { getCheckoutLink } from '../api/get-checkout-link.ts';
import type { Subscription } from '../api/get-my-subscriptions.ts';
import { paymentPage } from '../lib/payment-page.ts';

/**
 * Off to the payment platform (spec 000, screen 5): the subscription id is kept under the storage
 * key `subscription` (the pages the platform returns to read it when the address lacks it), the
 * payment link is asked for and opened in the same window. `enrol` starts the card enrollment of
 * a subscription to pay (`POST api/user-subscriptions-increase`); `newCard` asks the link of an
 * existing one (`GET .../increase-checkout-link`), to change its card.
 */
export function useStartPayment() {
  return useMutation({
    mutationFn: async (input: { subscription: Subscription; kind: 'enrol' | 'newCard' }) => {
      const { subscription } = input;
      writeStored(StorageKey.subscription, String(subscription.id));
      const url =
        input.kind === 'enrol'
          ? await createPaymentLink({
              subscriptionId: subscription.id,
              isDiscount: subscription.coupon !== null,
            })
          : await getCheckoutLink(subscription.id);
      // Only a web address: never a `javascript:` one, whatever answered.
      if (!/^https?:$/.test(new URL(url, window.location.origin).protocol)) {
        throw new Error(`Not a payment page address: ${url}`);
      }
      return url;
    },
    onSuccess: (url) => paymentPage.open(url),
    onError: showApiError,
  });
}
