import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { quizAttempts, users } from '../../platform/db/schema.ts';
import type { Progress } from '../progress/repository.ts';
import { type AttemptClock, clockColumns } from './attempts.repository.ts';

/**
 * An attempt's clock and its owner's progress columns, both rows locked by one statement, the
 * attempt first (issue 25: a submission locked the attempt, then recordActivity locked the user
 * row in a statement of its own). It locks the users row, so it is a read model of the quiz module.
 */
export async function lockAttemptAndOwner(
  tx: Tx,
  attemptId: string,
): Promise<(AttemptClock & { ownerProgress: Progress }) | null> {
  const [row] = await tx
    .select({
      ...clockColumns,
      currentLevel: users.currentLevel,
      gemsCollection: users.gemsCollection,
      challengesProgress: users.challengesProgress,
      unclaimedDrillPoints: users.unclaimedDrillPoints,
      gemsSpent: users.gemsSpent,
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
  };
}
