import type { Reviewer } from '@pasado/core';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Executor, preparedFor } from '../../platform/db/client.ts';
import { reviewerAccess, reviewers, subjects } from '../../platform/db/schema.ts';

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

/**
 * Grants the claim `{shorthand}: 'Granted'`; granting twice is harmless. A major given is set (a
 * second onboarding to the same track may change it); none keeps the one picked before.
 */
export async function grantReviewerAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
  majorSubjectId: string | null = null,
) {
  const insert = ex
    .insert(reviewerAccess)
    .values({ userId, reviewerShorthand: shorthand, majorSubjectId });
  await (majorSubjectId === null
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [reviewerAccess.userId, reviewerAccess.reviewerShorthand],
        set: { majorSubjectId },
      }));
}

/**
 * A track switch (issue 21 finding 1): the student holds `shorthand` and no other reviewer from
 * now on. Returns the shorthands they held before, for the audit row.
 */
export async function replaceReviewerAccess(
  ex: Executor,
  userId: string,
  shorthand: string,
  majorSubjectId: string | null,
): Promise<string[]> {
  const before = await ex
    .select({ shorthand: reviewerAccess.reviewerShorthand })
    .from(reviewerAccess)
    .where(eq(reviewerAccess.userId, userId))
    .orderBy(asc(reviewerAccess.reviewerShorthand));
  await ex
    .delete(reviewerAccess)
    .where(and(eq(reviewerAccess.userId, userId), ne(reviewerAccess.reviewerShorthand, shorthand)));
  await grantReviewerAccess(ex, userId, shorthand, majorSubjectId);
  return before.map((r) => r.shorthand);
}

/** The student's major under a track, or null. */
export async function findMajor(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<string | null> {
  const [row] = await ex
    .select({ major: reviewerAccess.majorSubjectId })
    .from(reviewerAccess)
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, shorthand)));
  return row?.major ?? null;
}

/** Sets the student's major under a track they hold. */
export async function setMajor(ex: Executor, userId: string, shorthand: string, subjectId: string) {
  await ex
    .update(reviewerAccess)
    .set({ majorSubjectId: subjectId })
    .where(and(eq(reviewerAccess.userId, userId), eq(reviewerAccess.reviewerShorthand, shorthand)));
}

/** The names of these subjects. */
export async function subjectNames(ex: Executor, ids: string[]): Promise<Map<string, string>> {
  const rows = await ex
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(inArray(subjects.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The reviewers a student holds the `Granted` claim for (docs/product.md#requires-rev-access), in the
 * reviewers' order. Call it through ./reviewers.ts (`listStudentReviewers`; one reviewer:
 * `requireReviewerAccess`).
 */
export async function listGrantedReviewers(ex: Executor, userId: string): Promise<Reviewer[]> {
  return ex
    .select(reviewerColumns)
    .from(reviewerAccess)
    .innerJoin(reviewers, eq(reviewers.shorthand, reviewerAccess.reviewerShorthand))
    .where(eq(reviewerAccess.userId, userId))
    .orderBy(asc(reviewers.sortOrder), asc(reviewers.shorthand));
}

// Every request under a reviewer asks it first: prepared once per connection.
const grantedReviewerQuery = preparedFor((ex) =>
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
    .prepare('granted_reviewer'),
);

/** The reviewer `shorthand` when the student holds its `Granted` claim, else null. */
export async function findGrantedReviewer(
  ex: Executor,
  userId: string,
  shorthand: string,
): Promise<Reviewer | null> {
  const [row] = await grantedReviewerQuery(ex).execute({ userId, shorthand });
  return row ?? null;
}
