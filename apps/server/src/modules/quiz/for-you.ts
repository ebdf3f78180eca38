import { randomUUID } from 'node:crypto';
import {
  type BlueprintSpec,
  emptyStudentModel,
  type ForYouKit,
  type SittingDays,
  sittingDays,
} from '@pasado/core';
import type { Db } from '../../platform/db/client.ts';
import { findBlueprint } from '../content/bank.repository.ts';
import { sittingChoice } from '../content/exam-sittings.ts';
import { majorChoice } from '../content/offers.ts';
import { chooseForYou, forYouKit } from '../progress/readiness.ts';
import { reviewerBank } from './lite-bank-cache.ts';
import { loadItemHolds } from './lite-draw.read-model.ts';

/**
 * For-you lite sets (issue 23 item 4; ADR 032): the lite start's choice and the phone's kit, both
 * over the bank a lite draw uses (held and reported items out), the student's major and sitting.
 */

type ForYouTrack = { spec: BlueprintSpec; major: string | null; sitting: SittingDays | null };

/** The exam For-you aims at: the blueprint, the student's major, their sitting's days. */
async function forYouTrack(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<ForYouTrack | null> {
  const [blueprint, sitting] = await Promise.all([
    findBlueprint(db, reviewer),
    sittingChoice(db, userId, reviewer, now),
  ]);
  // A track without a blueprint has no exam to aim at: nothing to choose (the lite start's 409).
  if (!blueprint) return null;
  const major = await majorChoice(db, userId, reviewer, blueprint.spec);
  return {
    spec: blueprint.spec,
    major: major?.current ?? null,
    sitting: sitting.current && sittingDays(sitting.current),
  };
}

/** The For-you set's items from `bank` (already without held and reported items). */
export async function forYouItems(
  db: Db,
  userId: string,
  reviewer: string,
  bank: readonly { id: string }[],
  count: number,
  now: Date,
): Promise<string[]> {
  const track = await forYouTrack(db, userId, reviewer, now);
  if (!track) return [];
  return chooseForYou(db, {
    userId,
    reviewer,
    ...track,
    candidates: bank.map((q) => q.id),
    now,
    count,
    seed: randomUUID(),
  });
}

/**
 * The student's For-you kit for the phone (contract `ForYouKit`) as the JSON body the route sends
 * with its ETag. A track without a blueprint gets an empty one (nothing to choose offline, as
 * online), not an error: the phone refreshes every kept source of every granted reviewer.
 */
export async function forYouKitBody(
  db: Db,
  userId: string,
  reviewer: string,
  now: Date,
): Promise<Buffer> {
  const track = await forYouTrack(db, userId, reviewer, now);
  if (!track) {
    const empty: ForYouKit = {
      reviewer,
      examDay: null,
      examLastDay: null,
      model: emptyStudentModel(),
      profile: { passingAverage: 0, parts: [] },
      pool: [],
      history: {},
    };
    return Buffer.from(JSON.stringify(empty));
  }
  const draw = await loadItemHolds(db, userId);
  const bank = await reviewerBank(db, reviewer, draw.contentVersion);
  const kit = await forYouKit(db, {
    userId,
    reviewer,
    ...track,
    candidates: bank.flatMap((q) => (draw.held.has(q.id) || draw.reported.has(q.id) ? [] : [q.id])),
    now,
  });
  return Buffer.from(JSON.stringify(kit));
}
