import {
  type BlueprintSpec,
  LIKELY_PASS_CHANCE,
  MIN_AGGREGATE_STUDENTS,
  manilaDayKey,
  readinessSummary,
  sittingEndsOn,
  sittingExamDay,
  type TrackReadinessResponse,
  trackPassAggregate,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { findBlueprint } from '../content/bank.repository.ts';
import { listReviewerOffers } from '../content/offers.ts';
import {
  countTrackPassChances,
  listStalePassChances,
  savePassChances,
} from './pass-chance.read-model.ts';
import { trackProfileFor } from './readiness.ts';

/** How much one run does: models read per statement, and chances computed at most. */
export type PassChanceLimits = { batch: number; perRun: number };

/** 200 models a statement; at most 20,000 chances a run (the rest wait for the next, an hour later). */
const LIMITS: PassChanceLimits = { batch: 200, perRun: 20_000 };
/** A chance older than this is computed again: the days left change the exam-day projection. */
export const PASS_CHANCE_MAX_AGE_MS = 20 * 60 * 60_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps each student's chance of passing at their next sitting beside their model (issue 23 item
 * 8; ADR 034), for the staff aggregate: a background job on item analysis's timer, never a
 * finish or a staff read. The offered tracks take turns, a batch each, so a run's cap is shared
 * among them rather than spent on the first in order (a track after a large one would otherwise
 * wait for every stale chance of it). Each batch reads the next models of its track whose chance
 * is stale, forecasts each with core `readinessSummary` (the exam-day chance, or today's on any day
 * of the sitting; null without enough data or without a sitting ahead) with a turn of the
 * event loop after each student — a forecast costs a few milliseconds — and writes them back
 * unless the model changed meanwhile. Returns how many chances were computed.
 */
export async function refreshPassChances(
  db: Db,
  now: Date,
  limits: PassChanceLimits = LIMITS,
): Promise<{ students: number }> {
  const today = manilaDayKey(now);
  const staleBefore = new Date(now.getTime() - PASS_CHANCE_MAX_AGE_MS);
  let tracks: { reviewer: string; spec: BlueprintSpec; after: string | null; done: boolean }[] = [];
  for (const offer of await listReviewerOffers(db, now)) {
    if (!offer.offered) continue;
    const blueprint = await findBlueprint(db, offer.shorthand);
    if (blueprint)
      tracks.push({ reviewer: offer.shorthand, spec: blueprint.spec, after: null, done: false });
  }
  let students = 0;
  while (tracks.length > 0 && students < limits.perRun) {
    for (const track of tracks) {
      const limit = Math.min(limits.batch, limits.perRun - students);
      if (limit <= 0) break;
      const stale = await listStalePassChances(db, {
        reviewer: track.reviewer,
        today,
        staleBefore,
        after: track.after,
        limit,
      });
      const chances = [];
      for (const row of stale) {
        const profile = await trackProfileFor(db, track.reviewer, track.spec, row.major, now);
        const summary = readinessSummary({
          model: row.model,
          profile,
          spec: track.spec,
          now,
          // On a later day of the sitting (the NLE's second) it is exam day still, not passed.
          examDay: sittingExamDay(
            row.examDay === null
              ? null
              : { startsOn: row.examDay, endsOn: row.examEndsOn ?? row.examDay },
            today,
          ),
        });
        const chance =
          row.examDay === null
            ? null
            : (summary.passChance?.examDay ?? summary.passChance?.today ?? null);
        chances.push({
          userId: row.userId,
          updatedAt: row.updatedAt,
          chance,
          examDay: row.examDay,
        });
        await nextTurn();
      }
      await savePassChances(db, track.reviewer, chances, now);
      students += chances.length;
      track.after = stale.at(-1)?.userId ?? null;
      track.done = stale.length < limit;
    }
    tracks = tracks.filter((track) => !track.done);
  }
  return { students };
}

/**
 * The staff view (GET /api/admin/readiness/tracks): per offered track, the aggregate of the
 * stored chances (core `trackPassAggregate`: nothing below `MIN_AGGREGATE_STUDENTS`). One
 * grouped read; nothing is forecast here.
 */
export async function trackReadiness(db: Db, now: Date): Promise<TrackReadinessResponse> {
  const today = manilaDayKey(now);
  const [offers, counts] = await Promise.all([
    listReviewerOffers(db, now),
    countTrackPassChances(db, { today, likelyChance: LIKELY_PASS_CHANCE }),
  ]);
  const byTrack = new Map(counts.rows.map((r) => [r.reviewer, r]));
  return {
    tracks: offers
      .filter((o) => o.offered)
      .map((o) => {
        const row = byTrack.get(o.shorthand);
        return {
          shorthand: o.shorthand,
          name: o.name,
          // A sitting under way (its second day) is the one its students are counted against.
          nextSitting: o.sittings.find((s) => sittingEndsOn(s.days) >= today)?.startsOn ?? null,
          ...trackPassAggregate({
            students: row?.students ?? 0,
            likely: row?.likely ?? 0,
            // Rounding in the sum may pass the count by a hair.
            chanceSum: Math.min(row?.chanceSum ?? 0, row?.students ?? 0),
          }),
        };
      }),
    likelyChance: LIKELY_PASS_CHANCE,
    minStudents: MIN_AGGREGATE_STUDENTS,
    computedAt: counts.computedAt?.toISOString() ?? null,
  };
}
