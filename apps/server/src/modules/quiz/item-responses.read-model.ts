import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { questions, quizAnswers, quizAttempts } from '../../platform/db/schema.ts';

/**
 * The attempts item analysis reads (issue 12 item 6): finished mocks and lite quizzes. Drills are a
 * timed speed run, a test of recall under time rather than of the item, so they stay out; so do
 * lite quizzes taken offline, whose device held every key (issue 21 finding 3).
 */
export const ANALYSED_ATTEMPT_KINDS = ['mock', 'lite'] as const;

export interface AttemptItemResponse {
  attemptId: string;
  submittedAt: Date;
  questionId: string;
  /** Null when the item was left unanswered (no answer row, or one with no choice). */
  choiceIndex: number | null;
  choiceCount: number;
  /** The question's key as it is now, so a key staff corrected is scored by the correction. */
  answerIndex: number;
}

/**
 * Every item of every submitted mock and lite quiz, answered or not, with the question's current
 * key and option count. One row per attempt and item; an item whose question was deleted is gone.
 */
export async function listSubmittedItemResponses(ex: Executor): Promise<AttemptItemResponse[]> {
  const item = sql`item.value`;
  const rows = await ex
    .select({
      attemptId: quizAttempts.id,
      submittedAt: quizAttempts.submittedAt,
      questionId: questions.id,
      choiceIndex: quizAnswers.choiceIndex,
      choiceCount: sql<number>`jsonb_array_length(${questions.choices})`.mapWith(Number),
      answerIndex: questions.answerIndex,
    })
    .from(quizAttempts)
    .crossJoinLateral(sql`jsonb_array_elements(${quizAttempts.items}) as item(value)`)
    .innerJoin(questions, eq(questions.id, sql`${item}->>'questionId'`))
    .leftJoin(
      quizAnswers,
      and(eq(quizAnswers.attemptId, quizAttempts.id), eq(quizAnswers.questionId, questions.id)),
    )
    .where(
      and(
        eq(quizAttempts.status, 'submitted'),
        inArray(quizAttempts.kind, [...ANALYSED_ATTEMPT_KINDS]),
        isNull(quizAttempts.clientAttemptId),
      ),
    );
  // A submitted attempt always has its submission time; the fallback only satisfies the type.
  return rows.map((r) => ({ ...r, submittedAt: r.submittedAt ?? new Date(0) }));
}
