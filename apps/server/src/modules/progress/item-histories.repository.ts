import type { ItemHistory } from '@pasado/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemHistories } from '../../platform/db/schema.ts';

/**
 * What each student last did with each item (issue 23 item 4; ADR 032): For-you brings missed
 * items back from it. Written once per finished set, read when a For-you set is chosen.
 */

/**
 * Stores the histories of a finished set's items in one multi-row upsert (O(1) per answer). The
 * caller computed each with core `nextItemHistory` from the row it read under the user's lock, so
 * the new row simply replaces the old. One row per item: the caller folds repeats.
 */
export async function saveItemHistories(
  ex: Executor,
  userId: string,
  histories: ReadonlyMap<string, ItemHistory>,
): Promise<void> {
  if (histories.size === 0) return;
  await ex
    .insert(itemHistories)
    .values(
      [...histories].map(([questionId, h]) => ({
        userId,
        questionId,
        lastAt: new Date(h.lastAt),
        lastCorrect: h.lastCorrect,
        reviewStep: h.reviewStep,
      })),
    )
    .onConflictDoUpdate({
      target: [itemHistories.userId, itemHistories.questionId],
      set: {
        lastAt: sql`excluded.last_at`,
        lastCorrect: sql`excluded.last_correct`,
        reviewStep: sql`excluded.review_step`,
      },
    });
}

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
