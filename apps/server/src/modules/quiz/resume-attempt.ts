import { isTimeUp } from '@pasado/core';
import { requireSubscriptionAccess } from '../account/content-access.ts';
import { noReviewerAccess, requireReviewerAccess } from '../content/reviewers.ts';
import { ownAttempt } from './attempt-access.ts';
import { type AttemptAction, attemptReply, stateOf } from './attempt-reply.ts';
import { loadAttemptResume } from './attempt-view.read-model.ts';
import { settleExpired } from './finish-attempt.ts';

/**
 * Resume: the attempt, finalised first when its time is up (a closed tab never stops the clock).
 * Issue 10: the grant is read in the same statement; refused (403) without it before anything
 * else, like every route under the reviewer.
 */
export const getAttempt: AttemptAction = async (db, userId, reviewer, attemptId, now) => {
  const read = await loadAttemptResume(db, attemptId);
  const own = read && read.userId === userId && read.reviewerShorthand === reviewer;
  // Not the caller's own: their grant decides between 403 and 404, as on every route.
  if (!own) await requireReviewerAccess(db, userId, reviewer);
  if (own && !read.ownerGranted) throw noReviewerAccess();
  const view = ownAttempt(read, userId, reviewer);
  // An open mock may be finished on the grant alone (issue 21): the exam-night resume reads
  // nothing more. Anything else shown (a lite set, a review with keys) is content.
  if (view.kind !== 'mock' || view.status === 'submitted') {
    await requireSubscriptionAccess(db, userId, now);
  }
  if (!isTimeUp(view, now)) return attemptReply(db, view, now);
  await settleExpired(db, attemptId, now);
  return stateOf(db, attemptId, now);
};
