import type { Reviewer } from '@pasado/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { reviewerAccess, reviewers } from '../db/schema.ts';
import { permissionDenied } from '../errors/app-error.ts';

/**
 * Issue 4 "Reviewer access": everything under a reviewer needs the user's `Granted` claim for it,
 * i.e. a reviewer_access row. Without it the API refuses the content too (403), whatever the role.
 */
export async function requireReviewerAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<Reviewer> {
  const [row] = await ex
    .select({
      shorthand: reviewers.shorthand,
      abbreviation: reviewers.abbreviation,
      name: reviewers.name,
    })
    .from(reviewerAccess)
    .innerJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand))
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, shorthand)));
  if (!row) throw permissionDenied('You do not have access to this reviewer.');
  return row;
}
