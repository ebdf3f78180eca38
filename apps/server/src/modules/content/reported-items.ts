import {
  type FixReportRequest,
  questionContentSchema,
  type ReportActionResponse,
  type ReportedItem,
} from '@pasado/core';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { itemReports, questions, subjects, topics, users } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';

/** The queue shows the oldest open reports first; staff work through it from the top. */
export const REPORT_QUEUE_LIMIT = 200;

export async function listOpenReports(ex: Executor): Promise<ReportedItem[]> {
  const rows = await ex
    .select({
      report: itemReports,
      question: questions,
      reviewerShorthand: subjects.reviewerShorthand,
      subjectName: subjects.name,
      topicName: topics.name,
      email: users.email,
      displayName: users.displayName,
    })
    .from(itemReports)
    .innerJoin(questions, eq(questions.id, itemReports.questionId))
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .innerJoin(users, eq(users.id, itemReports.userId))
    .where(eq(itemReports.status, 'open'))
    .orderBy(asc(itemReports.createdAt), asc(itemReports.id))
    .limit(REPORT_QUEUE_LIMIT);
  const questionIds = [...new Set(rows.map((r) => r.question.id))];
  const openCounts = new Map(
    questionIds.length === 0
      ? []
      : (
          await ex
            .select({ questionId: itemReports.questionId, n: count() })
            .from(itemReports)
            .where(
              and(eq(itemReports.status, 'open'), inArray(itemReports.questionId, questionIds)),
            )
            .groupBy(itemReports.questionId)
        ).map((r) => [r.questionId, Number(r.n)]),
  );
  return rows.map((r) => ({
    id: r.report.id,
    reason: r.report.reason,
    createdAt: r.report.createdAt.toISOString(),
    reporter: { userId: r.report.userId, email: r.email, displayName: r.displayName },
    openReportsOnQuestion: openCounts.get(r.question.id) ?? 1,
    question: {
      id: r.question.id,
      reviewerShorthand: r.reviewerShorthand,
      subjectName: r.subjectName,
      topicName: r.topicName,
      stem: r.question.stem,
      choices: r.question.choices,
      answerIndex: r.question.answerIndex,
      rationale: r.question.rationale,
      distractorNotes: r.question.distractorNotes ?? null,
      difficulty: r.question.difficulty,
      heldAt: r.question.heldAt?.toISOString() ?? null,
    },
  }));
}

interface Actor {
  userId: string;
  email: string;
}

/** Locks the report; refuses one that is unknown or already resolved. */
async function openReport(tx: Tx, reportId: string) {
  const [report] = await tx
    .select()
    .from(itemReports)
    .where(eq(itemReports.id, reportId))
    .for('update');
  if (!report) throw notFound('No such report.');
  if (report.status !== 'open')
    throw new AppError('FAILED_PRECONDITION', `This report is already ${report.status}.`);
  return report;
}

/** Back into mocks once no report on the question is open. */
async function releaseIfSettled(tx: Tx, questionId: string): Promise<boolean> {
  const [open] = await tx
    .select({ n: count() })
    .from(itemReports)
    .where(and(eq(itemReports.questionId, questionId), eq(itemReports.status, 'open')));
  if (Number(open?.n ?? 0) > 0) return false;
  await tx.update(questions).set({ heldAt: null }).where(eq(questions.id, questionId));
  return true;
}

/**
 * The item is fine as it is: this report is closed as `cleared`; the question goes back into mocks
 * only when no other student's report on it is still open.
 */
export async function clearReport(
  ex: Executor,
  reportId: string,
  actor: Actor,
): Promise<ReportActionResponse> {
  return ex.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    await tx
      .update(itemReports)
      .set({ status: 'cleared', resolvedBy: actor.userId, resolvedAt: new Date() })
      .where(eq(itemReports.id, reportId));
    const released = await releaseIfSettled(tx, report.questionId);
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.report.clear',
      targetType: 'item_report',
      targetId: reportId,
      details: { questionId: report.questionId, released },
    });
    return { questionId: report.questionId, resolved: 1, released };
  });
}

/**
 * The item was wrong and is now fixed (optionally by the edit sent along): every open report on the
 * question is closed as `fixed` — they were about the item the fix replaces — and it is released.
 */
export async function fixReport(
  ex: Executor,
  reportId: string,
  edit: FixReportRequest['question'],
  actor: Actor,
): Promise<ReportActionResponse> {
  return ex.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    const [question] = await tx
      .select()
      .from(questions)
      .where(eq(questions.id, report.questionId))
      .for('update');
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
      const next = { ...checked.data, distractorNotes: checked.data.distractorNotes ?? null };
      for (const key of [
        'stem',
        'choices',
        'answerIndex',
        'rationale',
        'distractorNotes',
        'difficulty',
      ] as const)
        if (JSON.stringify(next[key]) !== JSON.stringify(question[key] ?? null)) changed.push(key);
      if (changed.length > 0)
        await tx
          .update(questions)
          .set({
            stem: next.stem,
            choices: next.choices,
            answerIndex: next.answerIndex,
            rationale: next.rationale,
            distractorNotes: next.distractorNotes,
            difficulty: next.difficulty,
            updatedAt: new Date(),
          })
          .where(eq(questions.id, question.id));
    }
    const resolved = await tx
      .update(itemReports)
      .set({ status: 'fixed', resolvedBy: actor.userId, resolvedAt: new Date() })
      .where(and(eq(itemReports.questionId, question.id), eq(itemReports.status, 'open')))
      .returning({ id: itemReports.id });
    const released = await releaseIfSettled(tx, question.id);
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'content.report.fix',
      targetType: 'item_report',
      targetId: reportId,
      details: {
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
        resolvedReportIds: resolved.map((r) => r.id),
      },
    });
    return { questionId: question.id, resolved: resolved.length, released };
  });
}
