import { seasonBoardKey, weekBoardKey } from '@pasado/core';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  leaderboardBandCounts,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
  seasons,
  users,
} from '../../platform/db/schema.ts';

/** Width of a score band in leaderboard_band_counts. */
export const BAND_WIDTH = 100;
export const bandOf = (points: number) => Math.floor(points / BAND_WIDTH);
export const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000);

/** The boards points go to at `now`: this Manila week and the open season, if it has started. */
export async function activeBoards(ex: Executor, now: Date): Promise<string[]> {
  const open = await ex
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      and(eq(seasons.status, 'open'), gt(seasons.expiryDate, now), lte(seasons.startsAt, now)),
    );
  return [weekBoardKey(now), ...open.map((s) => seasonBoardKey(s.id))].sort();
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
  await ex.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const before = await ex
    .select()
    .from(leaderboardScores)
    .where(and(eq(leaderboardScores.userId, userId), inArray(leaderboardScores.board, boards)));

  const changes: CountChange[] = [];
  for (const board of boards) {
    const old = before.find((row) => row.board === board);
    const total = (old?.points ?? 0) + points;
    await ex
      .insert(leaderboardScores)
      .values({ board, userId, points: total, reachedAt: now })
      .onConflictDoUpdate({
        target: [leaderboardScores.board, leaderboardScores.userId],
        set: { points: total, reachedAt: now },
      });
    if (old) changes.push({ board, points: old.points, hour: hourOf(old.reachedAt), delta: -1 });
    changes.push({ board, points: total, hour: hourOf(now), delta: 1 });
  }
  changes.sort((a, b) => a.board.localeCompare(b.board) || a.points - b.points || a.hour - b.hour);
  for (const change of changes) await applyCountChange(ex, change);
}

type CountChange = { board: string; points: number; hour: number; delta: number };

async function applyCountChange(ex: Executor, { board, points, hour, delta }: CountChange) {
  const start = Math.max(delta, 0);
  await ex
    .insert(leaderboardBandCounts)
    .values({ board, band: bandOf(points), students: start })
    .onConflictDoUpdate({
      target: [leaderboardBandCounts.board, leaderboardBandCounts.band],
      set: { students: sql`${leaderboardBandCounts.students} + ${delta}` },
    });
  await ex
    .insert(leaderboardScoreCounts)
    .values({ board, points, students: start })
    .onConflictDoUpdate({
      target: [leaderboardScoreCounts.board, leaderboardScoreCounts.points],
      set: { students: sql`${leaderboardScoreCounts.students} + ${delta}` },
    });
  await ex
    .insert(leaderboardTieCounts)
    .values({ board, points, hour, students: start })
    .onConflictDoUpdate({
      target: [leaderboardTieCounts.board, leaderboardTieCounts.points, leaderboardTieCounts.hour],
      set: { students: sql`${leaderboardTieCounts.students} + ${delta}` },
    });
}
