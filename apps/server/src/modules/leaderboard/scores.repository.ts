import { and, eq, inArray, sql } from 'drizzle-orm';
import { type CarriedWrite, type Executor, executeNamed } from '../../platform/db/client.ts';
import {
  leaderboardBandCounts,
  leaderboardCountChanges,
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

/**
 * The student's new scores and the count changes they make, in one statement (issue 25: a finish
 * used to send one statement per score and three per count change). The changes are appended to
 * `leaderboard_count_changes`, not applied to the shared count rows: `foldCountChanges` applies
 * them in batches (ADR 039).
 */
export async function writeScoreChanges(
  ex: Executor,
  userId: string,
  scores: readonly BoardScore[],
  changes: readonly CountChange[],
): Promise<void> {
  const write = scoreChangesWrite(userId, scores, changes);
  if (write) await executeNamed(ex, sql`with ${write.ctes()} select 1`, write.values);
}

/**
 * `writeScoreChanges`'s writes as data-modifying CTEs another statement can carry (a finish's
 * mark: ADR 037), or null when there is nothing to write.
 */
export function scoreChangesWrite(
  userId: string,
  scores: readonly BoardScore[],
  changes: readonly CountChange[],
): CarriedWrite | null {
  if (scores.length === 0 && changes.length === 0) return null;
  return {
    shape: 'scores',
    ctes: scoreChangesCtes,
    values: {
      scoresUserId: userId,
      scoresRows: JSON.stringify(
        scores.map((s) => ({
          board: s.board,
          points: s.points,
          reached_at: s.reachedAt.toISOString(),
        })),
      ),
      countChanges: JSON.stringify(changes),
    },
  };
}

/** `scoreChangesWrite`'s CTEs: their text is the same for every student (placeholders). */
function scoreChangesCtes() {
  const v = (name: string) => sql.placeholder(name);
  return sql`
    new_scores as (
      insert into ${leaderboardScores} (board, user_id, points, reached_at)
      select s.board, ${v('scoresUserId')}::uuid, s.points, s.reached_at
      from jsonb_to_recordset(${v('scoresRows')}::jsonb)
        as s(board text, points int, reached_at timestamptz)
      order by s.board
      on conflict (board, user_id) do update
        set points = excluded.points, reached_at = excluded.reached_at
    ), count_changes as (
      insert into ${leaderboardCountChanges} (board, points, hour, delta)
      select c.board, c.points, c.hour, c.delta
      from jsonb_to_recordset(${v('countChanges')}::jsonb) as c(board text, points int, hour int, delta int)
    )`;
}

/**
 * Applies the count changes appended so far to the three count tables and removes them, in one
 * statement (ADR 039): a rank reads the counts plus what is still appended, so it is the same
 * before and after. A key's changes net out per fold (a student entering and leaving the same band
 * is no change). Each count table is written in key order, so two folds at once (two server
 * processes) lock rows alike; a change one of them removed is not seen by the other. A count row
 * missing where a change nets below zero is created at 0, as an award applying it did. Returns
 * the changes folded.
 */
export async function foldCountChanges(ex: Executor): Promise<number> {
  // The net of each key, then an upsert that adds it: `excluded` holds it clamped at 0 for a new
  // row, so the update looks the net up in one JSON object of them all (read once; a lookup per
  // row, where a scan of the nets per row took 0.5 s for 5,000 changes).
  const result = (await executeNamed(
    ex,
    sql`
    with moved as (
      delete from ${leaderboardCountChanges} returning board, points, hour, delta
    ), band_net as (
      select board, points / ${sql.raw(String(BAND_WIDTH))} as band, sum(delta)::int as net
      from moved group by 1, 2
    ), score_net as (
      select board, points, sum(delta)::int as net from moved group by 1, 2
    ), tie_net as (
      select board, points, hour, sum(delta)::int as net from moved group by 1, 2, 3
    ), nets as (
      select (select jsonb_object_agg(board || ' ' || band, net) from band_net) as bands,
             (select jsonb_object_agg(board || ' ' || points, net) from score_net) as scores,
             (select jsonb_object_agg(board || ' ' || points || ' ' || hour, net) from tie_net) as ties
    ), band_counts as (
      insert into ${leaderboardBandCounts} as c (board, band, students)
      select board, band, greatest(net, 0) from band_net order by 1, 2
      on conflict (board, band) do update set students = c.students
        + ((select bands from nets) ->> (c.board || ' ' || c.band))::int
    ), score_counts as (
      insert into ${leaderboardScoreCounts} as c (board, points, students)
      select board, points, greatest(net, 0) from score_net order by 1, 2
      on conflict (board, points) do update set students = c.students
        + ((select scores from nets) ->> (c.board || ' ' || c.points))::int
    ), tie_counts as (
      insert into ${leaderboardTieCounts} as c (board, points, hour, students)
      select board, points, hour, greatest(net, 0) from tie_net order by 1, 2, 3
      on conflict (board, points, hour) do update set students = c.students
        + ((select ties from nets) ->> (c.board || ' ' || c.points || ' ' || c.hour))::int
    )
    select count(*)::int as folded from moved`,
  )) as unknown as { rows: { folded: number }[] };
  return result.rows[0]?.folded ?? 0;
}
