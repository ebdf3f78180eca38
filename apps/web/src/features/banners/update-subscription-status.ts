import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '../../lib/call-function.ts';
import { refreshClaims } from '../../lib/session/get-claims.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { subscriptionQueryKey } from '../../lib/session/get-subscription.ts';

/**
 * Closes the 'Payment approved!' banner (docs/product.md#status-transitions "The user closes an approved banner by setting
 * completed"): updateSubscriptionStatus, then claims, user data and the subscription are refetched
 * (docs/product.md#server-functions).
 */
export function useCloseApprovedBanner(input: {
  subscriptionId: string;
  userId: string;
  email: string;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callFunction('updateSubscriptionStatus', {
        userEmail: input.email,
        userId: input.userId,
        subId: input.subscriptionId,
        newStat: 'completed',
      }),
    onSuccess: async () => {
      await Promise.all([
        refreshClaims(client),
        client.invalidateQueries({ queryKey: meQueryKey }),
        client.invalidateQueries({ queryKey: subscriptionQueryKey(input.subscriptionId) }),
      ]);
    },
  });
}
