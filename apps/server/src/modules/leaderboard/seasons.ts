import { type OpenSeasonInput, type Season, seasonPhase } from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/errors/app-error.ts';
import {
  closeOpenSeasons,
  closeSeasonById,
  insertOpenSeason,
  listSeasons as listSeasonRows,
  lockSeason,
  lockSeasonOpening,
  type SeasonRow,
} from './seasons.repository.ts';

/** The staff console shows this many seasons. */
const SEASONS_LISTED = 50;

type Actor = { userId: string; email: string };

/** The season as staff see it at `now`: the console shows its phase, not only its status. */
const toSeason = (row: SeasonRow, now: Date): Season => ({
  id: row.id,
  name: row.name,
  status: row.status,
  startsAt: row.startsAt.toISOString(),
  expiryDate: row.expiryDate.toISOString(),
  createdAt: row.createdAt.toISOString(),
  phase: seasonPhase(row, now),
});

/** The latest seasons, newest first. */
export async function listSeasons(db: Db, now: Date): Promise<Season[]> {
  return (await listSeasonRows(db, SEASONS_LISTED)).map((row) => toSeason(row, now));
}

/** A season that would end before it is opened: refused, since opening it closes the running one. */
export const SEASON_ALREADY_OVER = 'This season would already be over. Check its dates.';

/**
 * Opens a season; one season is open at a time, so any open one closes in the same transaction.
 * One that has already ended is refused (400): opening it would close the running season for
 * nothing, and a closed season is not opened again (a year typed wrong ended the board).
 */
export async function startSeason(
  db: Db,
  input: OpenSeasonInput,
  actor: Actor,
  now: Date,
): Promise<Season> {
  if (Date.parse(input.expiryDate) <= now.getTime()) {
    throw new AppError('INVALID_ARGUMENT', SEASON_ALREADY_OVER);
  }
  return db.transaction(async (tx) => {
    // Openings queue here, so each closes the one committed before it.
    await lockSeasonOpening(tx);
    const closed = await closeOpenSeasons(tx);
    const season = await insertOpenSeason(tx, {
      name: input.name,
      startsAt: new Date(input.startsAt),
      expiryDate: new Date(input.expiryDate),
    });
    if (!season) throw new Error('startSeason: insert returned nothing');
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'season.open',
      targetType: 'season',
      targetId: season.id,
      details: { name: input.name, closed },
    });
    return toSeason(season, now);
  });
}

/** Closes a season; closing a closed one changes nothing. NOT_FOUND when there is no such season. */
export async function closeSeason(db: Db, id: string, actor: Actor, now: Date): Promise<Season> {
  return db.transaction(async (tx) => {
    const season = await lockSeason(tx, id);
    if (!season) throw notFound('No such season.');
    if (season.status === 'closed') return toSeason(season, now);
    const updated = await closeSeasonById(tx, id);
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'season.close',
      targetType: 'season',
      targetId: id,
      details: {},
    });
    return toSeason(updated ?? season, now);
  });
}
