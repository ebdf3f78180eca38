import { type FlashReviewRequest, flashReviewResponseSchema } from '@pasado/core';
import { enc, studyRequest } from './study-fetch.ts';

/**
 * POST /api/study/:reviewer/flash/reviews. The review id is made once per answer by the caller,
 * so sending it again after a dropped connection is safe (the server applies it once).
 */
export function reviewCard(reviewer: string, input: FlashReviewRequest) {
  return studyRequest(`/${enc(reviewer)}/flash/reviews`, flashReviewResponseSchema, {
    method: 'POST',
    json: input,
  });
}
