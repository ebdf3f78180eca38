import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  leaderboardBandCounts,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
} from '../../platform/db/schema.ts';

/** Width of a score band in leaderboard_band_counts. */
export const BAND_WIDTH = 100;
export const bandOf = (points: number) => Math.floor(points / BAND_WIDTH);
export const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000);

export interface BoardScore {
  board: string;
  points: number;
  reachedAt: Date;
}

/** The student's scores on these boards (boards without points yet are absent). */
export async function findScores(
  ex: Executor,
  userId: string,
  boards: string[],
): Promise<BoardScore[]> {
  return ex
    .select({
      board: leaderboardScores.board,
      points: leaderboardScores.points,
      reachedAt: leaderboardScores.reachedAt,
    })
    .from(leaderboardScores)
    .where(and(eq(leaderboardScores.userId, userId), inArray(leaderboardScores.board, boards)));
}

export async function saveScore(ex: Executor, userId: string, score: BoardScore): Promise<void> {
  await ex
    .insert(leaderboardScores)
    .values({ ...score, userId })
    .onConflictDoUpdate({
      target: [leaderboardScores.board, leaderboardScores.userId],
      set: { points: score.points, reachedAt: score.reachedAt },
    });
}

/** One student entering (+1) or leaving (-1) a score at a given hour on a board. */
export type CountChange = { board: string; points: number; hour: number; delta: number };

/** Keeps the band, score and tie counts that `rankOnBoard` sums in step with one change. */
export async function applyCountChange(
  ex: Executor,
  { board, points, hour, delta }: CountChange,
): Promise<void> {
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
