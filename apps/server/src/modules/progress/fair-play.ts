import type { FairPlayFlag } from '@pasado/core';
import { appendAudit } from '../../platform/audit/audit.repository.ts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors/app-error.ts';
import { listOpenFairPlayFlags } from './fair-play-flags.read-model.ts';
import { dismissFairPlayFlag } from './repository.ts';

/** The staff list shows the newest flags first; a day's flag is updated in place. */
const FLAG_LIST_LIMIT = 200;

/**
 * Days that looked implausible for a person (issue 21 finding 3; core fair-play.ts), for staff to
 * look at. A flag changes nothing by itself: what the day awarded was already held to its caps.
 */
export async function listFairPlayFlags(db: Db): Promise<FairPlayFlag[]> {
  const rows = await listOpenFairPlayFlags(db, FLAG_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    student: { userId: r.userId, email: r.email, displayName: r.displayName },
    day: r.day,
    reasons: r.reasons as FairPlayFlag['reasons'],
    evidence: {
      answers: r.evidence.answers ?? 0,
      correct: r.evidence.correct ?? 0,
      seconds: r.evidence.seconds ?? 0,
      gems: r.evidence.gems ?? 0,
      cappedFinishes: r.evidence.cappedFinishes ?? 0,
    },
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Staff looked and found nothing wrong: the flag is dismissed, audited. */
export async function dismissFlag(
  db: Db,
  id: string,
  actor: { userId: string; email: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const flag = await dismissFairPlayFlag(tx, id, { resolvedBy: actor.userId, resolvedAt: now });
    if (!flag) throw notFound('No such open flag.');
    await appendAudit(tx, {
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'fairPlay.flag.dismiss',
      targetType: 'user',
      targetId: flag.userId,
      details: { flagId: id, day: flag.day },
    });
  });
}
