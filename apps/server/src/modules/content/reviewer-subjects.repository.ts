import { and, type Column, eq, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { reviewerSubjects, subjects } from '../../platform/db/schema.ts';

/**
 * The subjects a reviewer's students see (issue 12): its own and those it shares with another
 * reviewer. Every access check and listing asks this, never who owns the subject.
 */

/** SQL condition: the subject is one of the reviewer's (owned or shared). */
export function isReviewerSubject(subjectId: Column | SQL, reviewer: string | Placeholder): SQL {
  return sql`${subjectId} in (select ${reviewerSubjects.subjectId} from ${reviewerSubjects} where ${reviewerSubjects.reviewerShorthand} = ${reviewer})`;
}

/** The join condition to a reviewer's row for a subject: for ordering by the reviewer's order. */
export function reviewerSubjectJoin(subjectId: Column, reviewer: string): SQL {
  return sql`${reviewerSubjects.subjectId} = ${subjectId} and ${reviewerSubjects.reviewerShorthand} = ${reviewer}`;
}

/** The subjects the reviewer shares from other reviewers (not its own). */
export async function listSharedSubjectIds(ex: Executor, reviewer: string): Promise<string[]> {
  const rows = await ex
    .select({ id: reviewerSubjects.subjectId })
    .from(reviewerSubjects)
    .where(
      and(
        eq(reviewerSubjects.reviewerShorthand, reviewer),
        notInArray(
          reviewerSubjects.subjectId,
          ex
            .select({ id: subjects.id })
            .from(subjects)
            .where(eq(subjects.reviewerShorthand, reviewer)),
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Sets the subjects the reviewer shares from other reviewers to exactly `list` (its own subjects'
 * rows, kept by the trigger on `subjects`, are left alone).
 */
export async function replaceSharedSubjects(
  ex: Executor,
  reviewer: string,
  list: readonly { subjectId: string; sortOrder: number }[],
) {
  await ex
    .delete(reviewerSubjects)
    .where(
      and(
        eq(reviewerSubjects.reviewerShorthand, reviewer),
        notInArray(
          reviewerSubjects.subjectId,
          ex
            .select({ id: subjects.id })
            .from(subjects)
            .where(eq(subjects.reviewerShorthand, reviewer)),
        ),
      ),
    );
  if (list.length === 0) return;
  await ex
    .insert(reviewerSubjects)
    .values(list.map((s) => ({ reviewerShorthand: reviewer, ...s })));
}
