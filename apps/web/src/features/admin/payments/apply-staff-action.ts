import {
  type ReviewActionBody,
  type ReviewActionResult,
  reviewActionResultSchema,
} from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, parseAnswer, toApiError } from '../../../lib/api.ts';
import { reviewQueueKey } from './get-review-queue.ts';

/** POST /api/admin/payments/:id/actions: approve, ask for verification, suspend or revoke. */
export async function applyStaffAction(
  subscriptionId: string,
  body: ReviewActionBody,
): Promise<ReviewActionResult> {
  const response = await apiFetch(
    `/api/admin/payments/${encodeURIComponent(subscriptionId)}/actions`,
    { method: 'POST', json: body },
  );
  if (!response.ok) throw await toApiError(response);
  return parseAnswer(reviewActionResultSchema, await response.json());
}

/**
 * The queue, counts and trails are refetched after an action, and after a refusal too: a 409
 * means another staff member changed the item, and staff should see what it is now.
 */
export function useStaffAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { subscriptionId: string; body: ReviewActionBody }) =>
      applyStaffAction(input.subscriptionId, input.body),
    onSettled: () => client.invalidateQueries({ queryKey: reviewQueueKey }),
  });
}
