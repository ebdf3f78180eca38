import type { ItemHistory } from '@pasado/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemHistories } from '../../platform/db/schema.ts';

/**
 * What each student last did with each item (issue 23 item 4; ADR 032): For-you brings missed
 * items back from it. Written once per finished set with the model (readiness.repository.ts
 * `saveReadinessState`), read when a For-you set is chosen.
 */

/** The student's item histories (of these items when given), by item. */
export async function listItemHistories(
  ex: Executor,
  userId: string,
  ids?: readonly string[],
): Promise<Map<string, ItemHistory>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await ex
    .select({
      questionId: itemHistories.questionId,
      lastAt: itemHistories.lastAt,
      lastCorrect: itemHistories.lastCorrect,
      reviewStep: itemHistories.reviewStep,
    })
    .from(itemHistories)
    .where(
      ids
        ? and(eq(itemHistories.userId, userId), inArray(itemHistories.questionId, [...ids]))
        : eq(itemHistories.userId, userId),
    );
  return new Map(
    rows.map((r) => [
      r.questionId,
      { lastAt: r.lastAt.getTime(), lastCorrect: r.lastCorrect, reviewStep: r.reviewStep },
    ]),
  );
}
