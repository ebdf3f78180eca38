import { and, count, countDistinct, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { contentSettings, itemReports, questions } from '../../platform/db/schema.ts';

export interface ItemReport {
  id: string;
  questionId: string;
  status: 'open' | 'cleared' | 'fixed';
}

/** Row lock on a report while it is resolved. */
export async function findReport(ex: Executor, reportId: string): Promise<ItemReport | null> {
  const [row] = await ex
    .select({ id: itemReports.id, questionId: itemReports.questionId, status: itemReports.status })
    .from(itemReports)
    .where(eq(itemReports.id, reportId));
  return row ?? null;
}

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

/**
 * Holds, until the transaction ends, the lock of one question's student reports: two students
 * reporting it at once count each other's report before deciding to hold it. An advisory lock, not
 * the question's row: a row lock would hold up every finish that records a history of it.
 */
export async function lockQuestionReports(ex: Executor, questionId: string): Promise<void> {
  await ex.execute(
    sql`select pg_advisory_xact_lock(hashtext('item-reports'), hashtext(${questionId}))`,
  );
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

// --- Students' reports (issue 21 finding 2): filed, counted, and what they hold ---------------

/** Files a student's report; false when the student's report of the item is open already. */
export async function addStudentReport(
  ex: Executor,
  report: { questionId: string; userId: string; reason: string; createdAt: Date },
): Promise<boolean> {
  const added = await ex
    .insert(itemReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: itemReports.id });
  return added.length > 0;
}

/** Holds the question from `now` (out of everyone's draws); false when it was held already. */
export async function holdQuestion(ex: Executor, questionId: string, now: Date): Promise<boolean> {
  const held = await ex
    .update(questions)
    .set({ heldAt: now })
    .where(and(eq(questions.id, questionId), isNull(questions.heldAt)))
    .returning({ id: questions.id });
  return held.length > 0;
}

/** Whether the student's report of the item is open. */
export async function hasOpenReport(ex: Executor, userId: string, questionId: string) {
  const [row] = await ex
    .select({ n: count() })
    .from(itemReports)
    .where(
      and(
        eq(itemReports.userId, userId),
        eq(itemReports.questionId, questionId),
        eq(itemReports.status, 'open'),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/** Reports the student has sent since `since` (the Manila day's start: the daily cap). */
export async function countReportsSince(ex: Executor, userId: string, since: Date) {
  const [row] = await ex
    .select({ n: count() })
    .from(itemReports)
    .where(and(eq(itemReports.userId, userId), gte(itemReports.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Distinct students whose reports of the item are open. */
export async function countOpenReporters(ex: Executor, questionId: string) {
  const [row] = await ex
    .select({ n: countDistinct(itemReports.userId) })
    .from(itemReports)
    .where(
      and(
        eq(itemReports.questionId, questionId),
        eq(itemReports.status, 'open'),
        eq(itemReports.source, 'student'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The items the student's open reports keep out of their own draws. */
export async function listOwnOpenReportIds(ex: Executor, userId: string): Promise<Set<string>> {
  const rows = await ex
    .select({ questionId: itemReports.questionId })
    .from(itemReports)
    .where(and(eq(itemReports.userId, userId), eq(itemReports.status, 'open')));
  return new Set(rows.map((r) => r.questionId));
}

/** Distinct open reporters an item needs before it is held for everyone (staff set it). */
export async function findReportHoldThreshold(ex: Executor): Promise<number | null> {
  const [row] = await ex
    .select({ threshold: contentSettings.reportHoldThreshold })
    .from(contentSettings);
  return row?.threshold ?? null;
}

/** Sets how many distinct students' open reports hold an item for everyone. */
export async function saveReportHoldThreshold(ex: Executor, threshold: number, now: Date) {
  await ex
    .insert(contentSettings)
    .values({ id: true, reportHoldThreshold: threshold, updatedAt: now })
    .onConflictDoUpdate({
      target: contentSettings.id,
      set: { reportHoldThreshold: threshold, updatedAt: now },
    });
}

/** Holds, from `now`, every item whose distinct open students' reports reach `threshold`. */
export async function holdQuestionsReportedBy(ex: Executor, threshold: number, now: Date) {
  const reached = ex
    .select({ id: itemReports.questionId })
    .from(itemReports)
    .where(and(eq(itemReports.status, 'open'), eq(itemReports.source, 'student')))
    .groupBy(itemReports.questionId)
    .having(gte(countDistinct(itemReports.userId), threshold));
  const held = await ex
    .update(questions)
    .set({ heldAt: now })
    .where(and(isNull(questions.heldAt), inArray(questions.id, reached)))
    .returning({ id: questions.id });
  return held.map((r) => r.id);
}

/** Closes every open report one student filed; returns the reports and their questions. */
export async function resolveOpenReportsBy(
  ex: Executor,
  userId: string,
  resolution: { status: 'cleared' | 'fixed'; resolvedBy: string; resolvedAt: Date },
): Promise<{ id: string; questionId: string }[]> {
  return ex
    .update(itemReports)
    .set(resolution)
    .where(and(eq(itemReports.userId, userId), eq(itemReports.status, 'open')))
    .returning({ id: itemReports.id, questionId: itemReports.questionId });
}
