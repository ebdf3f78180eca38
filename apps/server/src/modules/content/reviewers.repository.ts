import type { Reviewer } from '@pasado/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { reviewerAccess, reviewers } from '../../platform/db/schema.ts';
import { permissionDenied } from '../../platform/errors/app-error.ts';

const reviewerColumns = {
  shorthand: reviewers.shorthand,
  abbreviation: reviewers.abbreviation,
  name: reviewers.name,
};

export async function listReviewers(ex: Executor): Promise<Reviewer[]> {
  return ex
    .select(reviewerColumns)
    .from(reviewers)
    .orderBy(asc(reviewers.sortOrder), asc(reviewers.shorthand));
}

export async function findReviewer(ex: Executor, shorthand: string): Promise<Reviewer | null> {
  const [row] = await ex
    .select(reviewerColumns)
    .from(reviewers)
    .where(eq(reviewers.shorthand, shorthand));
  return row ?? null;
}

/** Grants the claim `{shorthand}: 'Granted'`; granting twice is harmless. */
export async function grantReviewerAccess(ex: Executor, userId: string, shorthand: string) {
  await ex
    .insert(reviewerAccess)
    .values({ userId, reviewerShorthand: shorthand })
    .onConflictDoNothing();
}

/** The reviewers a student holds the `Granted` claim for (SPEC §2 requiresRevAccess). */
export async function listGrantedReviewers(ex: Executor, userId: string): Promise<Reviewer[]> {
  return ex
    .select(reviewerColumns)
    .from(reviewerAccess)
    .innerJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand))
    .where(eq(reviewerAccess.userId, userId))
    .orderBy(asc(reviewers.sortOrder), asc(reviewers.shorthand));
}

// Every quiz and study request runs it first: prepared once (issue 10, a save's CPU per request).
const reviewerAccessQuery = preparedFor((ex) =>
  ex
    .select(reviewerColumns)
    .from(reviewerAccess)
    .innerJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand))
    .where(
      and(
        eq(reviewerAccess.userId, sql.placeholder('userId')),
        eq(reviewerAccess.reviewerShorthand, sql.placeholder('shorthand')),
      ),
    )
    .prepare('require_reviewer_access'),
);

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
  const [row] = await reviewerAccessQuery(ex).execute({ userId, shorthand });
  if (!row) throw permissionDenied('You do not have access to this reviewer.');
  return row;
}
