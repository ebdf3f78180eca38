import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemReports, questions } from '../../platform/db/schema.ts';

/** Files a student's report; a second open report of the same item by the same student is a no-op. */
export async function addItemReport(
  ex: Executor,
  report: { questionId: string; userId: string; reason: string; createdAt: Date },
): Promise<void> {
  await ex.insert(itemReports).values(report).onConflictDoNothing();
}

/** Holds the question from `now` (out of mocks and quizzes); an item already held keeps its time. */
export async function holdQuestion(ex: Executor, questionId: string, now: Date): Promise<void> {
  await ex
    .update(questions)
    .set({ heldAt: now })
    .where(and(eq(questions.id, questionId), isNull(questions.heldAt)));
}
