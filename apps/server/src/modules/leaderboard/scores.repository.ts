import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, executeNamed } from '../../platform/db/client.ts';
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

/** Net deltas by key: a student leaving and entering the same band on one board is no change. */
function netDeltas<T extends object>(
  changes: readonly CountChange[],
  keyOf: (change: CountChange) => T,
): (T & { delta: number })[] {
  const net = new Map<string, T & { delta: number }>();
  for (const change of changes) {
    const key = keyOf(change);
    const id = JSON.stringify(key);
    const held = net.get(id);
    if (held) held.delta += change.delta;
    else net.set(id, { ...key, delta: change.delta });
  }
  return [...net.values()].filter((d) => d.delta !== 0);
}

/**
 * The student's new scores and the count changes they make, in one statement (issue 25: a finish
 * used to send one statement per score and three per count change). Each count table is written
 * in key order, as `applyCountChange` callers sorted their changes, so awards to different students
 * lock the shared count rows in one order. A count row a change leaves (-1) and that does not exist
 * is created at 0, as `applyCountChange` does.
 */
export async function writeScoreChanges(
  ex: Executor,
  userId: string,
  scores: readonly BoardScore[],
  changes: readonly CountChange[],
): Promise<void> {
  const ctes = scoreChangesWrite(userId, scores, changes);
  if (ctes) await executeNamed(ex, sql`with ${ctes} select 1`);
}

/**
 * `writeScoreChanges`'s writes as data-modifying CTEs another statement can carry (a finish's
 * mark: ADR 037), or null when there is nothing to write.
 */
export function scoreChangesWrite(
  userId: string,
  scores: readonly BoardScore[],
  changes: readonly CountChange[],
): SQL | null {
  if (scores.length === 0 && changes.length === 0) return null;
  const bands = netDeltas(changes, (c) => ({ board: c.board, band: bandOf(c.points) }));
  const points = netDeltas(changes, (c) => ({ board: c.board, points: c.points }));
  const ties = netDeltas(changes, (c) => ({ board: c.board, points: c.points, hour: c.hour }));
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  // A delta is +1 or −1 (a student enters or leaves a key once per award): inserted as 1 or 0,
  // and an existing row moves by it.
  return sql`
    new_scores as (
      insert into ${leaderboardScores} (board, user_id, points, reached_at)
      select s.board, ${userId}::uuid, s.points, s.reached_at
      from jsonb_to_recordset(${json(scores.map((s) => ({ board: s.board, points: s.points, reached_at: s.reachedAt.toISOString() })))})
        as s(board text, points int, reached_at timestamptz)
      order by s.board
      on conflict (board, user_id) do update
        set points = excluded.points, reached_at = excluded.reached_at
    ), band_counts as (
      insert into ${leaderboardBandCounts} (board, band, students)
      select d.board, d.band, greatest(d.delta, 0)
      from jsonb_to_recordset(${json(bands)}) as d(board text, band int, delta int)
      order by d.board, d.band
      on conflict (board, band) do update
        set students = ${leaderboardBandCounts.students} + case when excluded.students > 0 then excluded.students else -1 end
    ), score_counts as (
      insert into ${leaderboardScoreCounts} (board, points, students)
      select d.board, d.points, greatest(d.delta, 0)
      from jsonb_to_recordset(${json(points)}) as d(board text, points int, delta int)
      order by d.board, d.points
      on conflict (board, points) do update
        set students = ${leaderboardScoreCounts.students} + case when excluded.students > 0 then excluded.students else -1 end
    ), tie_counts as (
      insert into ${leaderboardTieCounts} (board, points, hour, students)
      select d.board, d.points, d.hour, greatest(d.delta, 0)
      from jsonb_to_recordset(${json(ties)}) as d(board text, points int, hour int, delta int)
      order by d.board, d.points, d.hour
      on conflict (board, points, hour) do update
        set students = ${leaderboardTieCounts.students} + case when excluded.students > 0 then excluded.students else -1 end
    )`;
}
