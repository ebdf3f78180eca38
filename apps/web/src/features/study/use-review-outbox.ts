import type { FlashReviewRequest } from '@pasado/core';
import { useCallback, useMemo } from 'react';
import { enqueue, flush, useOutbox } from '../../lib/offline/outbox.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { queueReview } from './api/review-card.ts';

/**
 * Flash ratings go through the app's one outbox (lib/offline/outbox.ts): kept in IndexedDB until
 * the server has them, so a dropped connection or a closed tab loses nothing; each is sent (and
 * resent) in order with its own review id, which the server applies once however often it arrives.
 */
export function useReviewOutbox(reviewer: string) {
  const outbox = useOutbox();
  const uid = useClaims().data?.uid ?? null;
  // This student's only (or written before the outbox knew them: uid ''), as the sync banner
  // counts: another student's ratings kept for their next session (a 401 keeps them) are never
  // sent under this one, and would hold this session's finish back for good.
  const pending = useMemo(
    () =>
      outbox.entries.filter(
        (e) =>
          e.kind === 'flash-review' &&
          e.meta.reviewer === reviewer &&
          (e.uid === uid || e.uid === ''),
      ).length,
    [outbox.entries, reviewer, uid],
  );

  const add = useCallback(
    (review: FlashReviewRequest) => void enqueue(queueReview(reviewer, review)),
    [reviewer],
  );

  return {
    add,
    pending,
    failing: outbox.failing && pending > 0,
    rejected: outbox.rejected,
    retry: () => void flush(),
  };
}
