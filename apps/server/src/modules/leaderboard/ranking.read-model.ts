import { LEADERBOARD_SIZE } from '@pasado/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import {
  leaderboardBandCounts,
  leaderboardCountChanges,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
  users,
} from '../../platform/db/schema.ts';
import { BAND_WIDTH, bandOf, hourOf } from './scores.repository.ts';

export type TopRow = {
  userId: string;
  points: number;
  displayName: string | null;
  level: string | null;
};

/** The first LEADERBOARD_SIZE students of a board in tie-rule order (an index range scan). */
export async function topOfBoard(
  ex: Executor,
  board: string,
  limit = LEADERBOARD_SIZE,
): Promise<TopRow[]> {
  return ex
    .select({
      userId: leaderboardScores.userId,
      points: leaderboardScores.points,
      displayName: users.displayName,
      level: users.currentLevel,
    })
    .from(leaderboardScores)
    .innerJoin(users, eq(users.id, leaderboardScores.userId))
    .where(eq(leaderboardScores.board, board))
    .orderBy(
      // Spelled as the index is (points DESC NULLS LAST), so PostgreSQL walks the index.
      sql`${leaderboardScores.points} desc nulls last`,
      asc(leaderboardScores.reachedAt),
      asc(leaderboardScores.userId),
    )
    .limit(limit);
}

/**
 * A student's rank on a board, in one round trip: students in higher score bands, plus those on a
 * higher score within my band, plus those on my score who reached it in an earlier hour, plus the
 * count changes not folded yet that say the same (ADR 039), plus those on my score in my hour who
 * reached it earlier (or at the same instant with a smaller id), plus one. Every part reads a few
 * hundred counts at most. Null without points yet.
 */
export async function rankOnBoard(
  ex: Executor,
  board: string,
  userId: string,
): Promise<{ rank: number; points: number } | null> {
  const [mine] = await ex
    .select({ points: leaderboardScores.points, reachedAt: leaderboardScores.reachedAt })
    .from(leaderboardScores)
    .where(and(eq(leaderboardScores.board, board), eq(leaderboardScores.userId, userId)));
  if (!mine) return null;
  const band = bandOf(mine.points);
  const hour = hourOf(mine.reachedAt);
  const reached = mine.reachedAt.toISOString();
  const hourStart = new Date(hour * 3_600_000).toISOString();
  const [row] = await ex
    .select({
      ahead: sql<string>`
        (select coalesce(sum(students), 0) from ${leaderboardBandCounts}
          where board = ${board} and band > ${band})
      + (select coalesce(sum(students), 0) from ${leaderboardScoreCounts}
          where board = ${board} and points > ${mine.points} and points < ${(band + 1) * BAND_WIDTH})
      + (select coalesce(sum(students), 0) from ${leaderboardTieCounts}
          where board = ${board} and points = ${mine.points} and hour < ${hour})
      + (select coalesce(sum(delta), 0) from ${leaderboardCountChanges}
          where board = ${board}
            and (points > ${mine.points} or (points = ${mine.points} and hour < ${hour})))
      + (select count(*) from ${leaderboardScores}
          where board = ${board} and points = ${mine.points}
            and reached_at >= ${hourStart}::timestamptz
            and (reached_at, user_id) < (${reached}::timestamptz, ${userId}::uuid))`,
    })
    .from(sql`(select 1) as one`);
  return { rank: Number(row?.ahead ?? 0) + 1, points: mine.points };
}

/** Students with points on a board. */
export async function rankedOnBoard(ex: Executor, board: string): Promise<number> {
  const [row] = await ex
    .select({
      n: sql<string>`coalesce(sum(${leaderboardBandCounts.students}), 0)
        + (select coalesce(sum(delta), 0) from ${leaderboardCountChanges} where board = ${board})`,
    })
    .from(leaderboardBandCounts)
    .where(eq(leaderboardBandCounts.board, board));
  return Number(row?.n ?? 0);
}
