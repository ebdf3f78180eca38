import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { itemReports, questions } from '../../platform/db/schema.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { findReviewerQuestion } from './bank.ts';

/**
 * A student reports an item as wrong (issue 4 "Import": a staff queue; a reported item stays out of
 * mocks until staff clear it). One open report per student and item (partial unique index): a
 * second report is a no-op. The item is held from the first report on.
 */
export async function reportItem(
  db: Db,
  userId: string,
  reviewer: string,
  questionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  const question = await findReviewerQuestion(db, reviewer, questionId);
  if (!question) throw notFound('No such item.');
  await db.transaction(async (tx) => {
    await tx
      .insert(itemReports)
      .values({ questionId, userId, reason, createdAt: now })
      .onConflictDoNothing();
    await tx
      .update(questions)
      .set({ heldAt: now })
      .where(and(eq(questions.id, questionId), isNull(questions.heldAt)));
  });
}
