import type { ReportedItemsResponse } from '@pasado/core';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemReports, questions, users } from '../../platform/db/schema.ts';
import { joinQuestionPlace, questionPlace } from './topics.repository.ts';

// The staff queue names each reporter: content's reports joined with the users module's rows.

/**
 * Open reports, oldest first, `limit` at most, each with its question in full, where it sits, who
 * reported it (no one for an analysis flag) and how many open reports that question has; and how
 * many are open in all, counted in the same statement (before the limit) so the two agree.
 */
export async function listOpenReports(ex: Executor, limit: number): Promise<ReportedItemsResponse> {
  const query = ex
    .select({
      report: itemReports,
      question: questions,
      ...questionPlace,
      reporterId: users.id,
      email: users.email,
      displayName: users.displayName,
      total: sql<number>`count(*) over ()`.mapWith(Number),
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
  const reporterIds = [...new Set(rows.flatMap((r) => (r.reporterId ? [r.reporterId] : [])))];
  const reporterCounts = new Map(
    reporterIds.length === 0
      ? []
      : (
          await ex
            .select({ userId: itemReports.userId, n: count() })
            .from(itemReports)
            .where(and(eq(itemReports.status, 'open'), inArray(itemReports.userId, reporterIds)))
            .groupBy(itemReports.userId)
        ).map((r) => [r.userId, Number(r.n)]),
  );
  const reports = rows.map((r) => ({
    id: r.report.id,
    reporterOpenReports: r.reporterId ? (reporterCounts.get(r.reporterId) ?? 1) : 0,
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
  return { reports, total: rows[0]?.total ?? 0 };
}
