import {
  DEFAULT_REPORT_HOLD_THRESHOLD,
  holdsForEveryone,
  manilaDayStart,
  REPORT_MESSAGES,
  reportRefusal,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { findReviewerQuestion } from '../content/bank.repository.ts';
import {
  addStudentReport,
  countOpenReporters,
  countReportsSince,
  findReportHoldThreshold,
  hasOpenReport,
  holdQuestion,
  lockQuestionReports,
} from '../content/reports.repository.ts';
import { lockUser } from '../users/repository.ts';
import { wasServed } from './seen.repository.ts';

/**
 * A student reports an item as wrong (issue 4 "Import": a staff queue). Issue 21 finding 2 (core
 * item-reports.ts): only an item they were served, at most `REPORTS_PER_DAY` a Manila day; the
 * report keeps the item out of their own draws at once, and out of everyone's once enough distinct
 * students have open reports on it (the threshold staff set). One open report per student and
 * item (partial unique index): a second report is a no-op.
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
    // A student's reports one at a time, so reports sent at once cannot all pass the day's cap
    // (each read the count before any was written); then the item's, so the hold counts every
    // student's report (user row, then the item: the one order).
    await lockUser(tx, userId);
    await lockQuestionReports(tx, questionId);
    // One after another: a transaction is one connection, which runs one statement at a time.
    const served = await wasServed(tx, userId, questionId);
    const alreadyOpen = await hasOpenReport(tx, userId, questionId);
    const sentToday = await countReportsSince(tx, userId, manilaDayStart(now));
    const refusal = reportRefusal({ served, alreadyOpen, sentToday });
    if (refusal === 'notServed')
      throw new AppError('FAILED_PRECONDITION', REPORT_MESSAGES[refusal]);
    if (refusal === 'dailyCap') throw new AppError('RESOURCE_EXHAUSTED', REPORT_MESSAGES[refusal]);
    if (!(await addStudentReport(tx, { questionId, userId, reason, createdAt: now }))) return;
    const threshold = (await findReportHoldThreshold(tx)) ?? DEFAULT_REPORT_HOLD_THRESHOLD;
    if (holdsForEveryone(await countOpenReporters(tx, questionId), threshold)) {
      await holdQuestion(tx, questionId, now);
    }
  });
}
