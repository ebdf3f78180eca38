import type { FlashReviewRequest } from '@pasado/core';
import { enc } from './study-fetch.ts';

/**
 * POST /api/study/:reviewer/flash/reviews, as an entry of the app's outbox (lib/offline/outbox.ts).
 * The review id is made once per answer by the caller, so sending it again after a dropped
 * connection is safe (the server applies it once); it is the entry's idempotency key.
 */
export function queueReview(reviewer: string, review: FlashReviewRequest) {
  return {
    key: `flash-review:${review.reviewId}`,
    kind: 'flash-review' as const,
    method: 'POST' as const,
    path: `/api/study/${enc(reviewer)}/flash/reviews`,
    body: review,
    meta: { reviewer, cardId: review.cardId },
  };
}
