import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { quizAttempts } from '../../platform/db/schema.ts';

/**
 * Every question the student has been shown in a mock or a lite quiz, under any track (issue 12:
 * the mock draw prefers the others). Read once per mock start.
 */
export async function listSeenQuestionIds(ex: Executor, userId: string): Promise<Set<string>> {
  const rows = await ex
    .selectDistinct({
      id: sql<string>`item ->> 'questionId'`,
    })
    .from(sql`${quizAttempts}, jsonb_array_elements(${quizAttempts.items}) as item`)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.kind, ['lite', 'mock'])));
  return new Set(rows.map((r) => r.id));
}

/** Whether the item was in one of the student's quizzes or drills: it was served to them. */
export async function wasServed(ex: Executor, userId: string, questionId: string) {
  const [row] = await ex
    .select({ served: sql<boolean>`true` })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        sql`${quizAttempts.items} @> ${JSON.stringify([{ questionId }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
