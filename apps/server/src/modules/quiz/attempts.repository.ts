import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/db/client.ts';
import { mockExamStreaks, quizAnswers, quizAttempts } from '../../platform/db/schema.ts';
import { loadQuestions, type QuestionRow } from './bank.repository.ts';

/**
 * Quiz attempts and their answers (lite, mock and the study drill's runs). An attempt is read in
 * two parts: its header (the row: owner, kind, status, the items' ids in order, the clock, the
 * result) and its items (the questions and the answers saved), so a caller that needs only one
 * part, or one answer, reads only that.
 */

export type AttemptHeader = typeof quizAttempts.$inferSelect;
export type SavedAnswer = typeof quizAnswers.$inferSelect;
export type NewAttempt = Pick<
  typeof quizAttempts.$inferInsert,
  'userId' | 'reviewerShorthand' | 'kind' | 'subjectId' | 'blueprintId' | 'items' | 'startedAt'
> & { deadlineAt?: Date | null };

/** An attempt's items with what they need from the bank and the student, keyed by question id. */
export type AttemptItems = {
  /** The items' questions still in the bank (a deleted question is missing). */
  questions: Map<string, QuestionRow>;
  /** The answers and flags saved so far. */
  answers: Map<string, SavedAnswer>;
};

export async function loadAttemptHeader(
  ex: Executor,
  attemptId: string,
): Promise<AttemptHeader | null> {
  const [row] = await ex.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return row ?? null;
}

/** The header locked for the rest of the transaction: writes to one attempt serialise on it. */
export async function lockAttemptHeader(tx: Tx, attemptId: string): Promise<AttemptHeader | null> {
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(eq(quizAttempts.id, attemptId))
    .for('update');
  return row ?? null;
}

/** Locks the attempt only when it is this student's, under this reviewer and of this kind. */
export async function lockOwnAttemptHeader(
  tx: Tx,
  attemptId: string,
  owner: { userId: string; reviewer: string; kind: AttemptHeader['kind'] },
): Promise<AttemptHeader | null> {
  const [row] = await tx
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.id, attemptId),
        eq(quizAttempts.userId, owner.userId),
        eq(quizAttempts.reviewerShorthand, owner.reviewer),
        eq(quizAttempts.kind, owner.kind),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The student's unfinished mock under this reviewer (at most one: a partial unique index). */
export async function loadOpenMockHeader(
  ex: Executor,
  userId: string,
  reviewer: string,
): Promise<AttemptHeader | null> {
  const [row] = await ex
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.reviewerShorthand, reviewer),
        eq(quizAttempts.kind, 'mock'),
        eq(quizAttempts.status, 'in_progress'),
      ),
    );
  return row ?? null;
}

/** The student's last submitted lite quizzes and mocks under this reviewer, newest first. */
export async function listRecentSubmitted(
  ex: Executor,
  userId: string,
  reviewer: string,
  limit: number,
): Promise<AttemptHeader[]> {
  return ex
    .select()
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.reviewerShorthand, reviewer),
        eq(quizAttempts.status, 'submitted'),
        inArray(quizAttempts.kind, ['lite', 'mock']),
      ),
    )
    .orderBy(desc(quizAttempts.submittedAt))
    .limit(limit);
}

export async function insertAttempt(
  ex: Executor,
  attempt: NewAttempt,
): Promise<AttemptHeader | null> {
  const [row] = await ex.insert(quizAttempts).values(attempt).returning();
  return row ?? null;
}

/**
 * Inserts a mock unless the student already has one open under this reviewer (the partial unique
 * index): null then, and the caller resumes the one that won.
 */
export async function insertMockUnlessOpen(
  ex: Executor,
  attempt: NewAttempt,
): Promise<AttemptHeader | null> {
  const [row] = await ex.insert(quizAttempts).values(attempt).onConflictDoNothing().returning();
  return row ?? null;
}

/** Marks the attempt submitted with its result, bumping its version. */
export async function markSubmitted(
  ex: Executor,
  attemptId: string,
  outcome: { submittedAt: Date; result: Record<string, unknown>; gemsEarned?: number },
): Promise<AttemptHeader | null> {
  const [row] = await ex
    .update(quizAttempts)
    .set({
      status: 'submitted',
      submittedAt: outcome.submittedAt,
      result: outcome.result,
      ...(outcome.gemsEarned === undefined ? {} : { gemsEarned: outcome.gemsEarned }),
      version: sql`${quizAttempts.version} + 1`,
    })
    .where(eq(quizAttempts.id, attemptId))
    .returning();
  return row ?? null;
}

export async function loadAnswers(
  ex: Executor,
  attemptId: string,
): Promise<Map<string, SavedAnswer>> {
  const rows = await ex.select().from(quizAnswers).where(eq(quizAnswers.attemptId, attemptId));
  return new Map(rows.map((r) => [r.questionId, r]));
}

export async function loadAttemptItems(
  ex: Executor,
  attempt: Pick<AttemptHeader, 'id' | 'items'>,
): Promise<AttemptItems> {
  const answers = await loadAnswers(ex, attempt.id);
  const questions = await loadQuestions(
    ex,
    attempt.items.map((i) => i.questionId),
  );
  return { questions, answers };
}

export async function loadAnswer(
  ex: Executor,
  attemptId: string,
  questionId: string,
): Promise<SavedAnswer | null> {
  const [row] = await ex
    .select()
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
  return row ?? null;
}

export type AnswerChange = Partial<
  Pick<SavedAnswer, 'choiceIndex' | 'isCorrect' | 'answeredAt' | 'flagged'>
>;

/** Saves an answer and/or a flag in one statement; a first save starts unflagged, answered `now`. */
export async function upsertAnswer(
  ex: Executor,
  attemptId: string,
  questionId: string,
  change: AnswerChange,
  now: Date,
): Promise<void> {
  await ex
    .insert(quizAnswers)
    .values({ attemptId, questionId, flagged: false, answeredAt: now, ...change })
    .onConflictDoUpdate({
      target: [quizAnswers.attemptId, quizAnswers.questionId],
      set: change,
    });
}

/** Records a first answer (the drill's: an item is answered once, in order). */
export async function insertAnswer(
  ex: Executor,
  answer: Pick<
    SavedAnswer,
    'attemptId' | 'questionId' | 'choiceIndex' | 'isCorrect' | 'answeredAt'
  >,
): Promise<void> {
  await ex.insert(quizAnswers).values(answer);
}

/** How many items of the attempt hold an answer (a flag alone does not count). */
export async function countAnswered(ex: Executor, attemptId: string): Promise<number> {
  const [row] = await ex
    .select({ answered: sql<number>`count(*)::int` })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), isNotNull(quizAnswers.choiceIndex)));
  return Number(row?.answered ?? 0);
}

// SPEC §3 mockExamStreakList: one row per student and month, the days with a submitted mock.

/** The days of the streak row, locked; null when the month has no row yet. */
export async function lockMockStreakDays(tx: Tx, id: string): Promise<number[] | null> {
  const [row] = await tx
    .select({ days: mockExamStreaks.days })
    .from(mockExamStreaks)
    .where(eq(mockExamStreaks.id, id))
    .for('update');
  return row?.days ?? null;
}

export async function insertMockStreak(
  ex: Executor,
  streak: { id: string; userId: string; month: number; year: number; days: number[]; now: Date },
): Promise<void> {
  const { now, ...values } = streak;
  await ex
    .insert(mockExamStreaks)
    .values({ ...values, updatedAt: now })
    .onConflictDoNothing();
}

export async function updateMockStreakDays(
  ex: Executor,
  id: string,
  days: number[],
  now: Date,
): Promise<void> {
  await ex.update(mockExamStreaks).set({ days, updatedAt: now }).where(eq(mockExamStreaks.id, id));
}
