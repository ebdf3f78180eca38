import type { Reviewer } from '@pasado/core';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { reviewerAccess, reviewers } from '../../platform/db/schema.ts';

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

/**
 * The reviewers a student holds the `Granted` claim for (SPEC §2 requiresRevAccess), in the
 * reviewers' order; only `shorthand` when given. The one query for a student's reviewers: call it
 * through ./reviewers.ts (`listStudentReviewers`, `requireReviewerAccess`).
 */
export async function listGrantedReviewers(
  ex: Executor,
  userId: string,
  shorthand?: string,
): Promise<Reviewer[]> {
  return ex
    .select(reviewerColumns)
    .from(reviewerAccess)
    .innerJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand))
    .where(
      and(
        eq(reviewerAccess.userId, userId),
        shorthand === undefined ? undefined : eq(reviewerAccess.reviewerShorthand, shorthand),
      ),
    )
    .orderBy(asc(reviewers.sortOrder), asc(reviewers.shorthand));
}

/**
 * @deprecated Import `requireReviewerAccess` from ./reviewers.ts (the content service); this
 * re-export stays until the quiz and study routes have switched.
 */
export { requireReviewerAccess } from './reviewers.ts';
