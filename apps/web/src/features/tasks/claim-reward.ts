import type { ChallengeView, ClaimResult } from '@pasado/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api.ts';
import { progressSummaryQueryKey } from '../../lib/get-progress-summary.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { assertOnline } from './online-only.ts';

export type ClaimRequest =
  | { type: 'challenge'; kind: ChallengeView['kind']; id: string }
  | { type: 'drill'; claimId: string };

/**
 * POST /api/progress/claims/challenge or …/drill-points. The server pays a reward once however
 * often it is asked (a double tap, two devices); a repeated claim answers `alreadyClaimed`.
 */
export async function claimReward(request: ClaimRequest): Promise<ClaimResult> {
  assertOnline();
  return request.type === 'challenge'
    ? sendJson<ClaimResult>('/api/progress/claims/challenge', {
        json: { kind: request.kind, id: request.id },
      })
    : sendJson<ClaimResult>('/api/progress/claims/drill-points', {
        json: { claimId: request.claimId },
      });
}

/**
 * Claims a reward, then refreshes the summary and the user document (the red dot) at once. Offline
 * it fails at once with OfflineError (online-only.ts), never paused (lib/query-client.ts).
 */
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
