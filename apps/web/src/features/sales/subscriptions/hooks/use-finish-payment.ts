import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StorageKey } from '@ensaya/core/storage-keys';
import { trialDaysLeft } from '@ensaya/core/subscriptions/access';
import { showApiError } from '../../../../lib/api-client.ts';
import { removeStored } from '../../../../lib/storage.ts';
import { getSubscription, rememberSubscription } from '../api/get-subscription.ts';
import { storeSubscriptionState } from '../api/get-subscription-state.ts';

/**
 * The continue button of the pages the payment platform returns to (spec 000, screens 4 and 6):
 * loads the subscription again, keeps its status (and, for a trial, the days left, computed with
 * core's `trialDaysLeft`) in the shared subscription state, forgets the id kept for the trip to
 * the platform, and then `onDone` moves on.
 */
export function useFinishPayment(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscriptionId: number) => {
      const subscription = await getSubscription(subscriptionId);
      const trialStartedAt = subscription.trial_started_at
        ? new Date(subscription.trial_started_at)
        : null;
      const daysLeft =
        subscription.status === 'Trial'
          ? trialDaysLeft(trialStartedAt, subscription.trial_duration, new Date())
          : 0;
      rememberSubscription(queryClient, { ...subscription, trial_days_left: daysLeft });
      storeSubscriptionState(queryClient, subscription, daysLeft);
      removeStored([StorageKey.subscription]);
    },
    onSuccess: onDone,
    // A 429 is the API client's notice, and the student stays on this page (spec 000, section 8).
    onError: showApiError,
  });
}
