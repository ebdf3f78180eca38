import type { ItemDifficulty } from '@pasado/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { itemDifficulties, itemDifficultyWatermark } from '../../platform/db/schema.ts';

/**
 * Holds, until the transaction ends, the one lock of the difficulty refinement: two server
 * processes whose timers fire together refine one after the other, never counting an answer twice.
 */
export async function lockDifficultyRefinement(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('item-difficulty'))`);
}

/** Up to when answers are in the refined difficulties; null before the first run. */
export async function findDifficultyWatermark(ex: Executor): Promise<Date | null> {
  const [row] = await ex
    .select({ through: itemDifficultyWatermark.through })
    .from(itemDifficultyWatermark);
  return row ? new Date(row.through) : null;
}

export async function saveDifficultyWatermark(ex: Executor, through: Date): Promise<void> {
  await ex
    .insert(itemDifficultyWatermark)
    .values({ id: 1, through })
    .onConflictDoUpdate({ target: itemDifficultyWatermark.id, set: { through } });
}

// 5 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535 bound parameters.
const CHUNK = 1000;

/** Stores refined difficulties (each row replaced whole: the caller started from it). */
export async function saveItemDifficulties(
  ex: Executor,
  items: readonly { questionId: string; difficulty: ItemDifficulty }[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < items.length; start += CHUNK) {
    await ex
      .insert(itemDifficulties)
      .values(
        items.slice(start, start + CHUNK).map((i) => ({
          questionId: i.questionId,
          mean: i.difficulty.mean,
          variance: i.difficulty.variance,
          answers: i.difficulty.answers,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: itemDifficulties.questionId,
        set: {
          mean: sql`excluded.mean`,
          variance: sql`excluded.variance`,
          answers: sql`excluded.answers`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
}
