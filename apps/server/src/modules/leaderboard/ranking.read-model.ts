import { LEADERBOARD_SIZE } from '@pasado/core';
import { asc, eq, sql } from 'drizzle-orm';
import { type Executor, executeNamed } from '../../platform/db/client.ts';
import {
  leaderboardBandCounts,
  leaderboardCountChanges,
  leaderboardScoreCounts,
  leaderboardScores,
  leaderboardTieCounts,
  users,
} from '../../platform/db/schema.ts';
import { BAND_WIDTH } from './scores.repository.ts';

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
 * A student's rank on a board, in one statement: students in higher score bands, plus those on a
 * higher score within my band, plus those on my score who reached it in an earlier hour, plus the
 * count changes not folded yet that say the same (ADR 039), plus those on my score in my hour who
 * reached it earlier (or at the same instant with a smaller id), plus one. Every part reads a few
 * hundred counts at most. My score is read in the same statement as the counts, so an award of
 * mine committing in between cannot count me ahead of myself. Null without points yet.
 */
export async function rankOnBoard(
  ex: Executor,
  board: string,
  userId: string,
): Promise<{ rank: number; points: number } | null> {
  const { rows } = await executeNamed<{ ahead: string; points: number }>(
    ex,
    sql`
    with mine as (
      select points, reached_at, user_id,
             points / ${sql.raw(String(BAND_WIDTH))} as band,
             floor(extract(epoch from reached_at) / 3600)::int as hour,
             to_timestamp(floor(extract(epoch from reached_at) / 3600) * 3600) as hour_start
      from ${leaderboardScores}
      where board = ${sql.placeholder('board')} and user_id = ${sql.placeholder('userId')}::uuid
    )
    select m.points,
        (select coalesce(sum(students), 0) from ${leaderboardBandCounts} c
          where c.board = ${sql.placeholder('board')} and c.band > m.band)
      + (select coalesce(sum(students), 0) from ${leaderboardScoreCounts} c
          where c.board = ${sql.placeholder('board')} and c.points > m.points
            and c.points < (m.band + 1) * ${sql.raw(String(BAND_WIDTH))})
      + (select coalesce(sum(students), 0) from ${leaderboardTieCounts} c
          where c.board = ${sql.placeholder('board')} and c.points = m.points and c.hour < m.hour)
      + (select coalesce(sum(delta), 0) from ${leaderboardCountChanges} c
          where c.board = ${sql.placeholder('board')}
            and (c.points > m.points or (c.points = m.points and c.hour < m.hour)))
      + (select count(*) from ${leaderboardScores} s
          where s.board = ${sql.placeholder('board')} and s.points = m.points
            and s.reached_at >= m.hour_start
            and (s.reached_at, s.user_id) < (m.reached_at, m.user_id)) as ahead
    from mine m`,
    { board, userId },
  );
  const [row] = rows;
  return row ? { rank: Number(row.ahead) + 1, points: row.points } : null;
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
