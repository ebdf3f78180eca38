import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { findReviewerQuestion } from './bank.repository.ts';
import { addItemReport, holdQuestion } from './reports.repository.ts';

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
    await addItemReport(tx, { questionId, userId, reason, createdAt: now });
    await holdQuestion(tx, questionId, now);
  });
}
