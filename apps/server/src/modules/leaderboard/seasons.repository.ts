import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { seasons } from '../../platform/db/schema.ts';

/** A leaderboard season (docs/product.md#entities seasons). */
export interface SeasonRow {
  id: string;
  name: string;
  status: 'open' | 'closed';
  startsAt: Date;
  expiryDate: Date;
  createdAt: Date;
}

/**
 * The season the board shows (docs/product.md#leaderboard: status open, expiry in the future, and
 * started), if any: the same seasons points go to (`listRunningSeasonIds`), so a season staff open
 * ahead of its start is not shown as running, empty, before it can earn anything.
 */
export async function findOpenSeason(ex: Executor, now: Date): Promise<SeasonRow | null> {
  const [row] = await ex
    .select()
    .from(seasons)
    .where(and(eq(seasons.status, 'open'), gt(seasons.expiryDate, now), lte(seasons.startsAt, now)))
    .orderBy(desc(seasons.startsAt))
    .limit(1);
  return row ?? null;
}

/** Ids of the open seasons that have started and not expired at `now`. */
export async function listRunningSeasonIds(ex: Executor, now: Date): Promise<string[]> {
  const rows = await ex
    .select({ id: seasons.id })
    .from(seasons)
    .where(
      and(eq(seasons.status, 'open'), gt(seasons.expiryDate, now), lte(seasons.startsAt, now)),
    );
  return rows.map((row) => row.id);
}

/** The latest seasons, newest first. */
export async function listSeasons(ex: Executor, limit: number): Promise<SeasonRow[]> {
  return ex.select().from(seasons).orderBy(desc(seasons.startsAt)).limit(limit);
}

/**
 * Holds, until the transaction ends, the one lock of opening a season: two openings at once each
 * closed the open seasons they could see, neither seeing the other's uncommitted one, and both
 * committed an open season (one is open at a time: docs/product.md#leaderboard).
 */
export async function lockSeasonOpening(ex: Executor): Promise<void> {
  await ex.execute(sql`select pg_advisory_xact_lock(hashtext('season-open'))`);
}

/** Closes every open season; returns their ids. */
export async function closeOpenSeasons(ex: Executor): Promise<string[]> {
  const closed = await ex
    .update(seasons)
    .set({ status: 'closed' })
    .where(eq(seasons.status, 'open'))
    .returning({ id: seasons.id });
  return closed.map((row) => row.id);
}

export async function insertOpenSeason(
  ex: Executor,
  values: { name: string; startsAt: Date; expiryDate: Date },
): Promise<SeasonRow | null> {
  const [row] = await ex
    .insert(seasons)
    .values({ ...values, status: 'open' })
    .returning();
  return row ?? null;
}

/** Row lock for a status change. */
export async function lockSeason(ex: Executor, id: string): Promise<SeasonRow | null> {
  const [row] = await ex.select().from(seasons).where(eq(seasons.id, id)).for('update');
  return row ?? null;
}

export async function closeSeasonById(ex: Executor, id: string): Promise<SeasonRow | null> {
  const [row] = await ex
    .update(seasons)
    .set({ status: 'closed' })
    .where(eq(seasons.id, id))
    .returning();
  return row ?? null;
}
