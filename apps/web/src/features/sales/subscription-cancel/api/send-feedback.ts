import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FeedbackRequest,
  MessageSubscriptionResponse,
} from '@ensaya/core/contracts/subscriptions';
import type { z } from 'zod';
import { api } from '../../../../lib/api-client.ts';
import { userSubscriptionsQueryKey } from '../../../../lib/query-keys.ts';

type FeedbackResponse = z.infer<typeof MessageSubscriptionResponse>;

export { userSubscriptionsQueryKey };

/**
 * `POST api/user-subscriptions/feedback`: the answers by question key; the server checks them
 * again (422 `errors['feedback.<key>']`) and turns renewal off (status Pause).
 */
export function sendFeedback(request: FeedbackRequest): Promise<FeedbackResponse> {
  return api.post<FeedbackResponse>('/api/user-subscriptions/feedback', request);
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSubscriptionsQueryKey }),
  });
}
