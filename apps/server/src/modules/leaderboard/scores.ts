import { seasonBoardKey, weekBoardKey } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { lockUser } from '../users/repository.ts';
import {
  applyCountChange,
  type CountChange,
  findScores,
  hourOf,
  saveScore,
} from './scores.repository.ts';
import { listRunningSeasonIds } from './seasons.repository.ts';

/** The boards points go to at `now`: this Manila week and the open season, if it has started. */
export async function activeBoards(ex: Executor, now: Date): Promise<string[]> {
  const seasonIds = await listRunningSeasonIds(ex, now);
  return [weekBoardKey(now), ...seasonIds.map(seasonBoardKey)].sort();
}

/**
 * Adds points to every active board, in the caller's transaction, keeping the rank counts in step.
 * `reachedAt` moves only when points are gained, so ties rank whoever reached the score first.
 * The user's row is locked first, so two awards to one student apply one after the other; count
 * rows are then touched in one global order, so awards to different students cannot deadlock.
 */
export async function addLeaderboardPoints(
  ex: Executor,
  userId: string,
  points: number,
  now: Date,
): Promise<void> {
  if (!Number.isInteger(points) || points <= 0) return;
  const boards = await activeBoards(ex, now);
  await lockUser(ex, userId);
  const before = await findScores(ex, userId, boards);

  const changes: CountChange[] = [];
  for (const board of boards) {
    const old = before.find((row) => row.board === board);
    const total = (old?.points ?? 0) + points;
    await saveScore(ex, userId, { board, points: total, reachedAt: now });
    if (old) changes.push({ board, points: old.points, hour: hourOf(old.reachedAt), delta: -1 });
    changes.push({ board, points: total, hour: hourOf(now), delta: 1 });
  }
  changes.sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points || a.hour - b.hour);
  for (const change of changes) await applyCountChange(ex, change);
}
