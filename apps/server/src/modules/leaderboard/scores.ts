import { seasonBoardKey, weekBoardKey } from '@pasado/core';
import type { Executor } from '../../platform/db/client.ts';
import { lockUser } from '../users/repository.ts';
import {
  type BoardScore,
  type CountChange,
  findScores,
  hourOf,
  scoreChangesWrite,
  writeScoreChanges,
} from './scores.repository.ts';
import { listRunningSeasonIds } from './seasons.repository.ts';

/** The boards points go to at `now`: this Manila week and the open season, if it has started. */
export async function activeBoards(ex: Executor, now: Date): Promise<string[]> {
  const seasonIds = await listRunningSeasonIds(ex, now);
  return [weekBoardKey(now), ...seasonIds.map(seasonBoardKey)].sort();
}

/** What an award of `points` at `now` writes: the new scores and the rank-count changes. */
export function planPoints(
  boards: readonly string[],
  before: readonly BoardScore[],
  points: number,
  now: Date,
): { scores: BoardScore[]; changes: CountChange[] } {
  const scores: BoardScore[] = [];
  const changes: CountChange[] = [];
  for (const board of boards) {
    const old = before.find((row) => row.board === board);
    const total = (old?.points ?? 0) + points;
    scores.push({ board, points: total, reachedAt: now });
    if (old) changes.push({ board, points: old.points, hour: hourOf(old.reachedAt), delta: -1 });
    changes.push({ board, points: total, hour: hourOf(now), delta: 1 });
  }
  changes.sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points || a.hour - b.hour);
  return { scores, changes };
}

/**
 * Adds points to every active board, in the caller's transaction, keeping the rank counts in step.
 * `reachedAt` moves only when points are gained, so ties rank whoever reached the score first.
 * The user's row is locked first, so two awards to one student apply one after the other; count
 * rows are then touched in one global order, so awards to different students cannot deadlock.
 * `known`: the caller already holds the user's row and read the boards and the student's scores on
 * them under that lock (recordActivity reads them with the rest of its state).
 */
export async function addLeaderboardPoints(
  ex: Executor,
  userId: string,
  points: number,
  now: Date,
  known?: { boards: readonly string[]; scores: readonly BoardScore[] },
): Promise<void> {
  if (!Number.isInteger(points) || points <= 0) return;
  let boards = known?.boards;
  let before = known?.scores;
  if (!boards || !before) {
    boards = await activeBoards(ex, now);
    await lockUser(ex, userId);
    before = await findScores(ex, userId, [...boards]);
  }
  const { scores, changes } = planPoints(boards, before, points, now);
  await writeScoreChanges(ex, userId, scores, changes);
}

/**
 * `addLeaderboardPoints` with the boards and scores known, as data-modifying CTEs the caller's
 * own statement carries (a finish's mark, ADR 037), or null when nothing is awarded.
 */
export function leaderboardPointsWrite(
  userId: string,
  points: number,
  now: Date,
  known: { boards: readonly string[]; scores: readonly BoardScore[] },
): ReturnType<typeof scoreChangesWrite> {
  if (!Number.isInteger(points) || points <= 0) return null;
  const { scores, changes } = planPoints(known.boards, known.scores, points, now);
  return scoreChangesWrite(userId, scores, changes);
}
