import {
  type FixReportRequest,
  questionContentSchema,
  type ReportActionResponse,
  type ReportedItem,
} from '@pasado/core';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../subscriptions/audit.repository.ts';
import {
  countOpenHoldingReportsOn,
  type ItemReport,
  listOpenReports,
  lockQuestion,
  lockReport,
  type QuestionContent,
  releaseQuestion,
  resolveOpenReportsOn,
  resolveReport,
  updateQuestionContent,
} from './reports.repository.ts';

/** The queue shows the oldest open reports first; staff work through it from the top. */
export const REPORT_QUEUE_LIMIT = 200;

export async function listReportQueue(db: Db): Promise<ReportedItem[]> {
  return listOpenReports(db, REPORT_QUEUE_LIMIT);
}

interface Actor {
  userId: string;
  email: string;
}

const resolution = (status: 'cleared' | 'fixed', actor: Actor, now: Date) => ({
  status,
  resolvedBy: actor.userId,
  resolvedAt: now,
});

/** Locks the report; refuses one that is unknown or already resolved. */
async function openReport(tx: Tx, reportId: string): Promise<ItemReport> {
  const report = await lockReport(tx, reportId);
  if (!report) throw notFound('No such report.');
  if (report.status !== 'open')
    throw new AppError('FAILED_PRECONDITION', `This report is already ${report.status}.`);
  return report;
}

/** Back into mocks once no student's report on the question is open. */
async function releaseIfSettled(tx: Tx, questionId: string): Promise<boolean> {
  if ((await countOpenHoldingReportsOn(tx, questionId)) > 0) return false;
  await releaseQuestion(tx, questionId);
  return true;
}

function auditReport(
  tx: Tx,
  actor: Actor,
  action: string,
  reportId: string,
  details: Record<string, unknown>,
) {
  return appendAudit(tx, {
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action,
    targetType: 'item_report',
    targetId: reportId,
    details,
  });
}

/**
 * The item is fine as it is: this report (a student's or an analysis flag) is closed as `cleared`;
 * the question goes back into mocks only when no student's report on it is still open.
 */
export async function clearReport(
  db: Db,
  reportId: string,
  actor: Actor,
  now: Date,
): Promise<ReportActionResponse> {
  return db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    await resolveReport(tx, reportId, resolution('cleared', actor, now));
    const released = await releaseIfSettled(tx, report.questionId);
    await auditReport(tx, actor, 'content.report.clear', reportId, {
      questionId: report.questionId,
      released,
    });
    return { questionId: report.questionId, resolved: 1, released };
  });
}

const EDITABLE = [
  'stem',
  'choices',
  'answerIndex',
  'rationale',
  'distractorNotes',
  'difficulty',
] as const satisfies readonly (keyof QuestionContent)[];

/**
 * The item was wrong and is now fixed (optionally by the edit sent along): every open report on the
 * question is closed as `fixed` — they were about the item the fix replaces — and it is released.
 */
export async function fixReport(
  db: Db,
  reportId: string,
  edit: FixReportRequest['question'],
  actor: Actor,
  now: Date,
): Promise<ReportActionResponse> {
  return db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const question = await lockQuestion(tx, report.questionId);
    if (!question) throw notFound('No such question.');
    const changed: string[] = [];
    if (edit && Object.keys(edit).length > 0) {
      const merged = {
        id: question.id,
        topicId: question.topicId,
        stem: edit.stem ?? question.stem,
        choices: edit.choices ?? question.choices,
        answerIndex: edit.answerIndex ?? question.answerIndex,
        rationale: edit.rationale ?? question.rationale,
        distractorNotes:
          (edit.distractorNotes === undefined ? question.distractorNotes : edit.distractorNotes) ??
          undefined,
        difficulty: edit.difficulty ?? question.difficulty,
      };
      const checked = questionContentSchema.safeParse(merged);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new AppError(
          'INVALID_ARGUMENT',
          `${issue?.path.join('.') || 'question'}: ${issue?.message ?? 'Invalid question.'}`,
        );
      }
      const next: QuestionContent = {
        stem: checked.data.stem,
        choices: checked.data.choices,
        answerIndex: checked.data.answerIndex,
        rationale: checked.data.rationale,
        distractorNotes: checked.data.distractorNotes ?? null,
        difficulty: checked.data.difficulty,
      };
      for (const key of EDITABLE)
        if (JSON.stringify(next[key]) !== JSON.stringify(question[key] ?? null)) changed.push(key);
      if (changed.length > 0) await updateQuestionContent(tx, question.id, next, now);
    }
    const resolvedReportIds = await resolveOpenReportsOn(
      tx,
      question.id,
      resolution('fixed', actor, now),
    );
    const released = await releaseIfSettled(tx, question.id);
    await auditReport(tx, actor, 'content.report.fix', reportId, {
      questionId: question.id,
      changed,
      // The old text, so a bad fix can be undone by hand.
      ...(changed.length > 0
        ? {
            before: Object.fromEntries(
              changed.map((k) => [k, question[k as keyof typeof question]]),
            ),
          }
        : {}),
      resolvedReportIds,
    });
    return { questionId: question.id, resolved: resolvedReportIds.length, released };
  });
}
