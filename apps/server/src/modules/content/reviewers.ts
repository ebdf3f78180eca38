import { CONTENT_DENIAL_MESSAGES, type Reviewer } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findGrantedReviewer, listGrantedReviewers } from './reviewers.repository.ts';

/**
 * A student's reviewers, the ones they hold the `Granted` claim for (docs/product.md#requires-rev-access),
 * in the reviewers' order: what the study launcher lists.
 */
export async function listStudentReviewers(ex: Executor, userId: string): Promise<Reviewer[]> {
  return listGrantedReviewers(ex, userId);
}

/**
 * The API's side of requiresRevAccess (issue 4 item 7): content under a reviewer is refused (403)
 * without its reviewer_access row, whatever the role. An unknown reviewer is refused the same way,
 * so the answer does not tell which reviewers exist.
 */
export async function requireReviewerAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<Reviewer> {
  const granted = await findGrantedReviewer(ex, userId, shorthand);
  if (!granted) throw noReviewerAccess();
  return granted;
}

/**
 * The refusal of content under a reviewer the student does not hold (or that does not exist), with
 * the paywall's reason (core `CONTENT_DENIALS`), so the phone moves where the guard would.
 */
export function noReviewerAccess() {
  return new AppError('PERMISSION_DENIED', CONTENT_DENIAL_MESSAGES.noReviewer, 'noReviewer');
}
