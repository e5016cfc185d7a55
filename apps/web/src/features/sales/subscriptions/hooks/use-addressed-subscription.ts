import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { HttpStatus } from '@ensaya/core/api/http';
import { StorageKey } from '@ensaya/core/storage-keys';
import { isApiRequestError } from '../../../../lib/api-client.ts';
import { readStored, removeStored } from '../../../../lib/storage.ts';
import { getLatestSubscription } from '../api/get-latest-subscription.ts';
import { subscriptionsQueryKey } from '../api/get-my-subscriptions.ts';
import { getSubscription, rememberSubscription, useSubscription } from '../api/get-subscription.ts';

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const isNotFound = (error: unknown) =>
  isApiRequestError(error) && error.status === HttpStatus.notFound;

/**
 * The subscription a page is about (`/factura/detalles`, `/confirmacion`, `/subscripcion/exitosa`):
 * `?subscription=` in the address (the payment platform's return names it), else the id kept under
 * the storage key `subscription` before leaving for payment, else the student's newest
 * (`GET api/user-subscriptions/details`). An id that is not the student's (a stale key, another
 * account on this browser) falls back to the newest. `isNone`: the student has no subscription.
 */
export function useAddressedSubscription() {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const wantedId =
    positiveId(params.get('subscription')) ?? positiveId(readStored(StorageKey.subscription));

  const resolved = useQuery({
    queryKey: [...subscriptionsQueryKey, 'addressed', wantedId ?? null],
    queryFn: async () => {
      let subscription;
      try {
        subscription =
          wantedId === undefined ? await getLatestSubscription() : await getSubscription(wantedId);
      } catch (error) {
        if (wantedId === undefined || !isNotFound(error)) throw error;
        removeStored([StorageKey.subscription]);
        subscription = await getLatestSubscription();
      }
      rememberSubscription(queryClient, subscription);
      return subscription.id;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  // Read through its own entry, which the coupon and the payment pages keep up to date.
  const subscription = useSubscription(resolved.data);

  return {
    subscription: subscription.data,
    isPending: resolved.isPending || (resolved.isSuccess && subscription.isPending),
    isNone: resolved.isError && isNotFound(resolved.error),
    isError: (resolved.isError && !isNotFound(resolved.error)) || subscription.isError,
    error: resolved.error ?? subscription.error,
    refetch: () => void (resolved.isError ? resolved.refetch() : subscription.refetch()),
  };
}
