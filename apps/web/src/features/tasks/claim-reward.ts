import type { ChallengeView, ClaimResult } from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, toApiError } from '../../lib/api.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { progressSummaryQueryKey } from './get-progress-summary.ts';

export type ClaimRequest =
  | { type: 'challenge'; kind: ChallengeView['kind']; id: string }
  | { type: 'drill'; claimId: string };

/**
 * POST /api/progress/claims/challenge or …/drill-points. The server pays a reward once however
 * often it is asked (a double tap, two devices); a repeated claim answers `alreadyClaimed`.
 */
export async function claimReward(request: ClaimRequest): Promise<ClaimResult> {
  const response =
    request.type === 'challenge'
      ? await apiFetch('/api/progress/claims/challenge', {
          method: 'POST',
          json: { kind: request.kind, id: request.id },
        })
      : await apiFetch('/api/progress/claims/drill-points', {
          method: 'POST',
          json: { claimId: request.claimId },
        });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as ClaimResult;
}

/** Claims a reward, then refreshes the summary and the user document (the red dot) at once. */
export function useClaimReward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimReward,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: progressSummaryQueryKey }),
        client.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
