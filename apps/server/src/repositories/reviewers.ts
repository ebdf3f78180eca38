import type { Reviewer } from '@pasado/core';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { reviewerAccess, reviewers } from '../db/schema.ts';

export async function listReviewers(ex: Executor): Promise<Reviewer[]> {
  return ex
    .select({
      shorthand: reviewers.shorthand,
      abbreviation: reviewers.abbreviation,
      name: reviewers.name,
    })
    .from(reviewers)
    .orderBy(asc(reviewers.sortOrder), asc(reviewers.shorthand));
}

export async function findReviewer(ex: Executor, shorthand: string): Promise<Reviewer | null> {
  const [row] = await ex
    .select({
      shorthand: reviewers.shorthand,
      abbreviation: reviewers.abbreviation,
      name: reviewers.name,
    })
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
