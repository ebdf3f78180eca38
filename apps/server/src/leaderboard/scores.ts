import { manilaWeekRange } from '@pasado/core';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { leaderboardScores, seasons } from '../db/schema.ts';

/** The board key of the Manila week containing `now`: `week:{YYYY-MM-DD of its Sunday}`. */
export function weekBoard(now: Date): string {
  const { start } = manilaWeekRange(now);
  // The Sunday 00:00 Manila instant, read back as a Manila calendar date.
  const manilaSunday = new Date(start.getTime() + 8 * 3_600_000);
  return `week:${manilaSunday.toISOString().slice(0, 10)}`;
}

export const seasonBoard = (seasonId: string) => `season:${seasonId}`;

/**
 * Adds points to this week's board and to every open season (status open, expiry in the future),
 * in the caller's transaction. `reachedAt` moves only when points are gained, so ties rank whoever
 * reached the score first.
 */
export async function addLeaderboardPoints(
  ex: Executor,
  userId: string,
  points: number,
  now: Date,
): Promise<void> {
  if (!Number.isInteger(points) || points <= 0) return;
  const open = await ex
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.status, 'open'), gt(seasons.expiryDate, now)));
  const boards = [weekBoard(now), ...open.map((s) => seasonBoard(s.id))];
  await ex
    .insert(leaderboardScores)
    .values(boards.map((board) => ({ board, userId, points, reachedAt: now })))
    .onConflictDoUpdate({
      target: [leaderboardScores.board, leaderboardScores.userId],
      set: {
        points: sql`${leaderboardScores.points} + excluded.points`,
        reachedAt: sql`excluded.reached_at`,
      },
    });
}
