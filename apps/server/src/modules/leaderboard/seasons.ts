import type { OpenSeasonInput } from '@pasado/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Executor } from '../../platform/db/client.ts';
import { seasons } from '../../platform/db/schema.ts';
import { appendAudit } from '../auth/session-logs.repository.ts';

export type SeasonRow = typeof seasons.$inferSelect;

/** The open season (SPEC §7: status open and expiry in the future), if any. */
export async function openSeason(ex: Executor, now: Date): Promise<SeasonRow | null> {
  const [row] = await ex
    .select()
    .from(seasons)
    .where(and(eq(seasons.status, 'open'), gt(seasons.expiryDate, now)))
    .orderBy(desc(seasons.startsAt))
    .limit(1);
  return row ?? null;
}

export async function listSeasons(ex: Executor, limit = 50): Promise<SeasonRow[]> {
  return ex.select().from(seasons).orderBy(desc(seasons.startsAt)).limit(limit);
}

type Actor = { userId: string; email: string };

/** Opens a season; one season is open at a time, so any open one closes in the same transaction. */
export async function startSeason(
  db: Db,
  input: OpenSeasonInput,
  actor: Actor,
): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(seasons)
      .set({ status: 'closed' })
      .where(eq(seasons.status, 'open'))
      .returning({ id: seasons.id });
    const [season] = await tx
      .insert(seasons)
      .values({
        name: input.name,
        status: 'open',
        startsAt: new Date(input.startsAt),
        expiryDate: new Date(input.expiryDate),
      })
      .returning();
    if (!season) throw new Error('startSeason: insert returned nothing');
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'season.open',
      targetType: 'season',
      targetId: season.id,
      details: { name: input.name, closed: closed.map((c) => c.id) },
    });
    return season;
  });
}

/** Closes a season; closing a closed one changes nothing. Null when there is no such season. */
export async function closeSeason(db: Db, id: string, actor: Actor): Promise<SeasonRow | null> {
  return db.transaction(async (tx) => {
    const [season] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
    if (!season) return null;
    if (season.status === 'closed') return season;
    const [updated] = await tx
      .update(seasons)
      .set({ status: 'closed' })
      .where(eq(seasons.id, id))
      .returning();
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'season.close',
      targetType: 'season',
      targetId: id,
      details: {},
    });
    return updated ?? season;
  });
}
