import { guessFloor, type ItemDifficulty, refineDifficulty } from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { findBlueprint } from '../content/bank.repository.ts';
import { listReviewers } from '../content/reviewers.repository.ts';
import {
  findDifficultyWatermark,
  lockDifficultyRefinement,
  saveDifficultyWatermark,
  saveItemDifficulties,
} from '../progress/item-difficulty.repository.ts';
import { forgetTrackProfiles, partOfSubject } from '../progress/readiness.ts';
import { listDifficultyEvidence } from './difficulty-evidence.read-model.ts';
import { keepToOneWorker } from './item-tallies.read-model.ts';

/**
 * Answers of attempts finished in the last minute wait for the next run: a finish whose
 * transaction began before the run and commits after it is counted then, not lost. The watermark
 * follows when a finish was written (`settled_at`), not the moment it is dated: a mock that ran
 * out unseen is dated its deadline, often hours before it is settled.
 */
export const DIFFICULTY_SETTLE_MS = 60_000;
/** Items refined between two yields to the event loop. */
const BATCH = 200;

export type DifficultyRefinement = { items: number; answers: number; through: string | null };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Refines each item's difficulty from everyone's answers since the last run (issue 23 item 2;
 * ADR 034), beside item analysis and on its timer: the database sums the answers per item and
 * ability (`listDifficultyEvidence`), core `refineDifficulty` turns each item's stored belief (or its
 * label's seed) and those answers into the new belief, in batches with a turn of the event loop
 * between them, and the results and the new watermark are written in one transaction under one
 * lock — an answer counts exactly once. Finishes never write an item's row (a popular item would
 * be a lock every finish waits on). The readiness profiles cached in this process are dropped, so
 * quiz home reads the refined difficulties at once.
 */
export async function refineItemDifficulties(db: Db, now: Date): Promise<DifficultyRefinement> {
  const partsByTrack: Record<string, Record<string, string>> = {};
  for (const reviewer of await listReviewers(db)) {
    const blueprint = await findBlueprint(db, reviewer.shorthand);
    if (blueprint) {
      partsByTrack[reviewer.shorthand] = Object.fromEntries(partOfSubject(blueprint.spec));
    }
  }
  const through = new Date(now.getTime() - DIFFICULTY_SETTLE_MS);
  const result = await db.transaction(async (tx) => {
    await lockDifficultyRefinement(tx);
    await keepToOneWorker(tx);
    const after = await findDifficultyWatermark(tx);
    if (after && through <= after) return { items: 0, answers: 0, through: after.toISOString() };
    const items = await listDifficultyEvidence(tx, { after, through, partsByTrack });
    const refined: { questionId: string; difficulty: ItemDifficulty }[] = [];
    let answers = 0;
    for (let start = 0; start < items.length; start += BATCH) {
      if (start > 0) await nextTurn();
      for (const item of items.slice(start, start + BATCH)) {
        const difficulty = refineDifficulty(item.prior, item.evidence, guessFloor(item.choices));
        answers += difficulty.answers - item.prior.answers;
        refined.push({ questionId: item.questionId, difficulty });
      }
    }
    await saveItemDifficulties(tx, refined, now);
    await saveDifficultyWatermark(tx, through);
    return { items: refined.length, answers, through: through.toISOString() };
  });
  if (result.items > 0) forgetTrackProfiles(db);
  return result;
}
