import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { quizAttempts } from '../../platform/db/schema.ts';

/**
 * Every question the student has been shown in a mock or a lite quiz, under any track, with when
 * it was last shown (the latest start of an attempt holding it, in ms): the mock draw prefers the
 * others, then the least recently shown (issue 12, core `planMock`). Read once per mock start, in
 * the one statement it always was.
 */
export async function listSeenQuestionIds(
  ex: Executor,
  userId: string,
): Promise<Map<string, number>> {
  const rows = await ex
    .select({
      id: sql<string>`item ->> 'questionId'`,
      at: sql<number>`(extract(epoch from max(${quizAttempts.startedAt})) * 1000)::float8`,
    })
    .from(sql`${quizAttempts}, jsonb_array_elements(${quizAttempts.items}) as item`)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.kind, ['lite', 'mock'])))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.id, Number(r.at)]));
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
