import type { ReportedItem } from '@pasado/core';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemReports, questions, users } from '../../platform/db/schema.ts';
import { joinQuestionPlace, questionPlace } from './topics.repository.ts';

/**
 * Open reports, oldest first, `limit` at most, each with its question in full, where it sits, who
 * reported it (no one for an analysis flag) and how many open reports that question has.
 */
export async function listOpenReports(ex: Executor, limit: number): Promise<ReportedItem[]> {
  const query = ex
    .select({
      report: itemReports,
      question: questions,
      ...questionPlace,
      reporterId: users.id,
      email: users.email,
      displayName: users.displayName,
    })
    .from(itemReports)
    .$dynamic();
  const rows = await joinQuestionPlace(query, itemReports.questionId)
    .leftJoin(users, eq(users.id, itemReports.userId))
    .where(eq(itemReports.status, 'open'))
    .orderBy(asc(itemReports.createdAt), asc(itemReports.id))
    .limit(limit);
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
    source: r.report.source,
    reporter:
      r.reporterId === null || r.email === null
        ? null
        : { userId: r.reporterId, email: r.email, displayName: r.displayName },
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

export interface ItemReport {
  id: string;
  questionId: string;
  status: 'open' | 'cleared' | 'fixed';
}

/** Row lock on a report while it is resolved. */
export async function lockReport(ex: Executor, reportId: string): Promise<ItemReport | null> {
  const [row] = await ex
    .select({ id: itemReports.id, questionId: itemReports.questionId, status: itemReports.status })
    .from(itemReports)
    .where(eq(itemReports.id, reportId))
    .for('update');
  return row ?? null;
}

/**
 * Open students' reports on a question: what holds it out of mocks. An analysis flag holds nothing
 * (content/item-analysis.ts), so it does not keep a question held once its students' reports close.
 */
export async function countOpenHoldingReportsOn(ex: Executor, questionId: string): Promise<number> {
  const [open] = await ex
    .select({ n: count() })
    .from(itemReports)
    .where(
      and(
        eq(itemReports.questionId, questionId),
        eq(itemReports.status, 'open'),
        eq(itemReports.source, 'student'),
      ),
    );
  return Number(open?.n ?? 0);
}

/** Closes one report. */
export async function resolveReport(
  ex: Executor,
  reportId: string,
  resolution: { status: 'cleared' | 'fixed'; resolvedBy: string; resolvedAt: Date },
): Promise<void> {
  await ex.update(itemReports).set(resolution).where(eq(itemReports.id, reportId));
}

/** Closes every open report on a question; returns their ids. */
export async function resolveOpenReportsOn(
  ex: Executor,
  questionId: string,
  resolution: { status: 'cleared' | 'fixed'; resolvedBy: string; resolvedAt: Date },
): Promise<string[]> {
  const resolved = await ex
    .update(itemReports)
    .set(resolution)
    .where(and(eq(itemReports.questionId, questionId), eq(itemReports.status, 'open')))
    .returning({ id: itemReports.id });
  return resolved.map((r) => r.id);
}

/** The editable content of a question (the content format's fields). */
export interface QuestionContent {
  stem: string;
  choices: string[];
  answerIndex: number;
  rationale: string;
  distractorNotes: (string | null)[] | null;
  difficulty: number;
}

export interface QuestionRow extends QuestionContent {
  id: string;
  topicId: string;
}

/** Row lock on a question while it is edited. */
export async function lockQuestion(ex: Executor, questionId: string): Promise<QuestionRow | null> {
  const [row] = await ex
    .select({
      id: questions.id,
      topicId: questions.topicId,
      stem: questions.stem,
      choices: questions.choices,
      answerIndex: questions.answerIndex,
      rationale: questions.rationale,
      distractorNotes: questions.distractorNotes,
      difficulty: questions.difficulty,
    })
    .from(questions)
    .where(eq(questions.id, questionId))
    .for('update');
  return row ?? null;
}

export async function updateQuestionContent(
  ex: Executor,
  questionId: string,
  content: QuestionContent,
  now: Date,
): Promise<void> {
  await ex
    .update(questions)
    .set({ ...content, updatedAt: now })
    .where(eq(questions.id, questionId));
}

/** Puts a question back into mocks (its hold came from an open report). */
export async function releaseQuestion(ex: Executor, questionId: string): Promise<void> {
  await ex.update(questions).set({ heldAt: null }).where(eq(questions.id, questionId));
}
