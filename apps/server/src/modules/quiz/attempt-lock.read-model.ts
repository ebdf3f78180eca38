import { eq, sql } from 'drizzle-orm';
import { preparedFor, type Tx } from '../../platform/db/client.ts';
import { quizAttempts, users } from '../../platform/db/schema.ts';
import {
  type ContentAccessRow,
  contentAccessJson,
  contentAccessOf,
} from '../account/content-access.read-model.ts';
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
  /**
   * Another open mock of the owner's ran out unseen: settled first (`settleRanOutMocks`), so a
   * change that finishes this attempt counts its streak day after that mock's, never before.
   */
  otherMockRanOut: boolean;
  /** With a `LockCheck`: the session live, and the paywall's row for the URL's reviewer. */
  sessionLive: boolean;
  access: ContentAccessRow | null;
};

const placeholder = sql.placeholder;

/** The lock, prepared (ADR 036); `checked` adds the session's and the grant's verdicts. */
function lockStatement(checked: boolean, name: string) {
  return preparedFor((ex) =>
    ex
      .select({
        ...clockColumns,
        currentLevel: users.currentLevel,
        gemsCollection: users.gemsCollection,
        challengesProgress: users.challengesProgress,
        unclaimedDrillPoints: users.unclaimedDrillPoints,
        gemsSpent: users.gemsSpent,
        sessionLive: checked
          ? sql<boolean>`${liveSessionExists(ex, {
              tokenHash: placeholder('tokenHash'),
              now: placeholder('now'),
              idleSince: placeholder('idleSince'),
            })}`
          : sql<boolean>`true`,
        access: checked
          ? contentAccessJson(placeholder('userId'), placeholder('reviewer'))
          : sql<string | null>`null`,
        // One probe of quiz_attempts_one_open_mock: the owner's open mocks.
        otherMockRanOut: sql<boolean>`exists (select 1 from quiz_attempts ran_out
          where ran_out.user_id = ${quizAttempts.userId} and ran_out.kind = 'mock'
            and ran_out.status = 'in_progress' and ran_out.id <> ${quizAttempts.id}
            and ran_out.deadline_at <= ${placeholder('now')}::timestamptz)`,
      })
      .from(quizAttempts)
      .innerJoin(users, eq(users.id, quizAttempts.userId))
      .where(eq(quizAttempts.id, placeholder('attemptId')))
      .for('update', { of: [quizAttempts, users] })
      .prepare(name),
  );
}
const lockChecked = lockStatement(true, 'quiz_lock_attempt_checked');
const lockUnchecked = lockStatement(false, 'quiz_lock_attempt');

/**
 * An attempt's clock and its owner's progress columns, both rows locked by one statement, the
 * attempt first (issue 25: a submission locked the attempt, then recordActivity locked the user
 * row in a statement of its own); with `check`, beside them the request's session still live and
 * the paywall's row of the caller for the URL's reviewer (ADR 036), which the route no longer
 * reads before; and whether another of the owner's mocks ran out at `now`. It
 * locks the users row, so it is a read model of the quiz module.
 */
export async function lockAttemptAndOwner(
  tx: Tx,
  attemptId: string,
  now: Date,
  check?: LockCheck,
): Promise<LockedAttempt | null> {
  const [row] = check
    ? await lockChecked(tx).execute({
        attemptId,
        userId: check.userId,
        reviewer: check.reviewer,
        tokenHash: check.session.tokenHash,
        now: check.now.toISOString(),
        idleSince: check.session.idleSince.toISOString(),
      })
    : await lockUnchecked(tx).execute({ attemptId, now: now.toISOString() });
  if (!row) return null;
  const {
    currentLevel,
    gemsCollection,
    challengesProgress,
    unclaimedDrillPoints,
    gemsSpent,
    sessionLive,
    access,
    otherMockRanOut,
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
    otherMockRanOut: otherMockRanOut === true,
    sessionLive: sessionLive === true,
    access: contentAccessOf(access),
  };
}
