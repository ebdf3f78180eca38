import type { FlashReviewRequest } from '@pasado/core';
import { useCallback, useMemo } from 'react';
import { enqueue, flush, useOutbox } from '../../lib/offline/outbox.ts';
import { queueReview } from './api/review-card.ts';

/**
 * Flash ratings go through the app's one outbox (lib/offline/outbox.ts): kept in IndexedDB until
 * the server has them, so a dropped connection or a closed tab loses nothing; each is sent (and
 * resent) in order with its own review id, which the server applies once however often it arrives.
 */
export function useReviewOutbox(reviewer: string) {
  const outbox = useOutbox();
  const pending = useMemo(
    () =>
      outbox.entries.filter((e) => e.kind === 'flash-review' && e.meta.reviewer === reviewer)
        .length,
    [outbox.entries, reviewer],
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
