import {
  DEFAULT_REPORT_HOLD_THRESHOLD,
  type FixReportRequest,
  questionContentSchema,
  type ReportActionResponse,
  type ReportedItemsResponse,
  type ReporterDismissResponse,
  type ReportSettings,
} from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { listOpenReports } from './report-queue.read-model.ts';
import {
  countOpenHoldingReportsOn,
  findReport,
  findReportHoldThreshold,
  holdQuestion,
  holdQuestionsReportedBy,
  type ItemReport,
  listOwnOpenReportIds,
  lockQuestion,
  lockQuestionReports,
  lockReport,
  type QuestionContent,
  releaseQuestion,
  resolveOpenReportsBy,
  resolveOpenReportsOn,
  resolveReport,
  saveReportHoldThreshold,
  updateQuestionContent,
} from './reports.repository.ts';

/**
 * The items a student's open reports keep out of their own lite, mock and drill draws at once
 * (issue 21 finding 2), before enough students' reports hold them for everyone.
 */
export function ownReportedItems(db: Db, userId: string): Promise<Set<string>> {
  return listOwnOpenReportIds(db, userId);
}

/**
 * The queue shows the oldest open reports first, this many at most; staff work through it from the
 * top. Its count is of every open report, so the heading is true when more are waiting.
 */
export const REPORT_QUEUE_LIMIT = 200;

export function listReportQueue(db: Db): Promise<ReportedItemsResponse> {
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

/**
 * Locks the report; refuses one that is unknown or already resolved. Its question's report lock
 * comes first, as for a student's report (quiz/reports.ts): two staff acting on two reports of one
 * item (a fix locking every open report on it, a clear-all) each held one report and waited on the
 * other's, and PostgreSQL broke the deadlock by failing one of them.
 */
async function openReport(tx: Tx, reportId: string): Promise<ItemReport> {
  const unlocked = await findReport(tx, reportId);
  if (!unlocked) throw notFound('No such report.');
  await lockQuestionReports(tx, unlocked.questionId);
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

/**
 * Staff hold the item for everyone now, whatever the threshold (issue 21 finding 2): it stays out
 * of every draw until its reports are cleared or it is fixed.
 */
export async function holdReportedItem(
  db: Db,
  reportId: string,
  actor: Actor,
  now: Date,
): Promise<ReportActionResponse> {
  return db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const held = await holdQuestion(tx, report.questionId, now);
    await auditReport(tx, actor, 'content.report.hold', reportId, {
      questionId: report.questionId,
      held,
    });
    return { questionId: report.questionId, resolved: 0, released: false };
  });
}

/**
 * The item is fine: every open report on it (the students' and any analysis flag) is closed as
 * `cleared` in one action, and it goes back into everyone's draws.
 */
export async function clearAllReportsOn(
  db: Db,
  reportId: string,
  actor: Actor,
  now: Date,
): Promise<ReportActionResponse> {
  return db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const resolved = await resolveOpenReportsOn(
      tx,
      report.questionId,
      resolution('cleared', actor, now),
    );
    const released = await releaseIfSettled(tx, report.questionId);
    await auditReport(tx, actor, 'content.report.clear-all', reportId, {
      questionId: report.questionId,
      resolvedReportIds: resolved,
      released,
    });
    return { questionId: report.questionId, resolved: resolved.length, released };
  });
}

/**
 * A reporter's whole history dismissed in one action (a spree, or a student testing the button):
 * every open report they filed is closed as `cleared`, and each item no other open report holds
 * goes back into everyone's draws. Audited once, with every report and item it touched.
 */
export async function dismissReporter(
  db: Db,
  reporterId: string,
  actor: Actor,
  now: Date,
): Promise<ReporterDismissResponse> {
  return db.transaction(async (tx) => {
    // The reports' items locked first, in one order, as every report writer locks an item.
    for (const questionId of [...(await listOwnOpenReportIds(tx, reporterId))].sort()) {
      await lockQuestionReports(tx, questionId);
    }
    const resolved = await resolveOpenReportsBy(tx, reporterId, resolution('cleared', actor, now));
    const questionIds = [...new Set(resolved.map((r) => r.questionId))];
    const releasedIds: string[] = [];
    for (const questionId of questionIds) {
      if (await releaseIfSettled(tx, questionId)) releasedIds.push(questionId);
    }
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.reports.dismiss-reporter',
      targetType: 'user',
      targetId: reporterId,
      details: { resolvedReportIds: resolved.map((r) => r.id), releasedIds },
    });
    return { resolved: resolved.length, released: releasedIds.length };
  });
}

/** How many distinct students' open reports hold an item for everyone. */
export async function reportSettings(db: Db): Promise<ReportSettings> {
  return { holdThreshold: (await findReportHoldThreshold(db)) ?? DEFAULT_REPORT_HOLD_THRESHOLD };
}

/**
 * Staff set the threshold (audited). Items whose open reports already reach a lower threshold are
 * held at once; raising it releases nothing (an item held may be held by a staff decision).
 */
export async function changeReportSettings(
  db: Db,
  settings: ReportSettings,
  actor: Actor,
  now: Date,
): Promise<ReportSettings> {
  return db.transaction(async (tx) => {
    const before = (await findReportHoldThreshold(tx)) ?? DEFAULT_REPORT_HOLD_THRESHOLD;
    await saveReportHoldThreshold(tx, settings.holdThreshold, now);
    const heldIds = await holdQuestionsReportedBy(tx, settings.holdThreshold, now);
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.reports.settings',
      targetType: 'content_settings',
      targetId: 'reportHoldThreshold',
      details: { from: before, to: settings.holdThreshold, heldIds },
    });
    return { holdThreshold: settings.holdThreshold };
  });
}
