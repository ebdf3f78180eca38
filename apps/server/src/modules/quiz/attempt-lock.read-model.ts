import { and, eq, exists, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { quizAttempts, reviewerAccess, users } from '../../platform/db/schema.ts';
import { liveSessionExists } from '../auth/sessions.repository.ts';
import type { Progress } from '../progress/repository.ts';
import { type AttemptClock, clockColumns } from './attempts.repository.ts';

/** What the request that changes an attempt was sent with, checked in the lock (ADR 036). */
export type LockCheck = {
  userId: string;
  reviewer: string;
  session: { tokenHash: string; idleSince: Date };
  now: Date;
};

export type LockedAttempt = AttemptClock & {
  ownerProgress: Progress;
  /** With a `LockCheck`: the session live, and the caller holding the URL's reviewer. */
  sessionLive: boolean;
  granted: boolean;
};

/**
 * An attempt's clock and its owner's progress columns, both rows locked by one statement, the
 * attempt first (issue 25: a submission locked the attempt, then recordActivity locked the user
 * row in a statement of its own); with `check`, beside them the request's session still live and
 * the caller's grant of the URL's reviewer (ADR 036), which the route no longer reads before. It
 * locks the users row, so it is a read model of the quiz module.
 */
export async function lockAttemptAndOwner(
  tx: Tx,
  attemptId: string,
  check?: LockCheck,
): Promise<LockedAttempt | null> {
  const [row] = await tx
    .select({
      ...clockColumns,
      currentLevel: users.currentLevel,
      gemsCollection: users.gemsCollection,
      challengesProgress: users.challengesProgress,
      unclaimedDrillPoints: users.unclaimedDrillPoints,
      gemsSpent: users.gemsSpent,
      sessionLive: check
        ? sql<boolean>`${liveSessionExists(tx, {
            tokenHash: sql`${check.session.tokenHash}`,
            now: sql`${check.now.toISOString()}`,
            idleSince: sql`${check.session.idleSince.toISOString()}`,
          })}`
        : sql<boolean>`true`,
      granted: check
        ? sql<boolean>`${exists(
            tx
              .select({ one: sql`1` })
              .from(reviewerAccess)
              .where(
                and(
                  eq(reviewerAccess.userId, check.userId),
                  eq(reviewerAccess.reviewerShorthand, check.reviewer),
                ),
              ),
          )}`
        : sql<boolean>`true`,
    })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.userId))
    .where(eq(quizAttempts.id, attemptId))
    .for('update', { of: [quizAttempts, users] });
  if (!row) return null;
  const {
    currentLevel,
    gemsCollection,
    challengesProgress,
    unclaimedDrillPoints,
    gemsSpent,
    sessionLive,
    granted,
    ...clock
  } = row;
  return {
    ...clock,
    ownerProgress: {
      currentLevel,
      gemsCollection,
      challengesProgress,
      unclaimedDrillPoints,
      gemsSpent,
    },
    sessionLive: sessionLive === true,
    granted: granted === true,
  };
}
