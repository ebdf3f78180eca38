import { itemWasShown } from '@pasado/core';
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

/**
 * Whether the item was served to the student: in one of their quizzes or drills, and shown there
 * (core `itemWasShown`: an unstarted part of a mock in sittings is not). The attempts holding it
 * are few, so each is decided here on its sittings and the item's part.
 */
export async function wasServed(ex: Executor, userId: string, questionId: string) {
  const rows = await ex
    .select({
      sittings: quizAttempts.sittings,
      submitted: sql<boolean>`${quizAttempts.status} = 'submitted'`,
      partId: sql<string | null>`(
        select item ->> 'partId' from jsonb_array_elements(${quizAttempts.items}) as item
        where item ->> 'questionId' = ${questionId} limit 1)`,
    })
    .from(quizAttempts)
    .where(
      and(
        eq(quizAttempts.userId, userId),
        sql`${quizAttempts.items} @> ${JSON.stringify([{ questionId }])}::jsonb`,
      ),
    );
  return rows.some((row) => itemWasShown(row.sittings, row.submitted, row.partId));
}
